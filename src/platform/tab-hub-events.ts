/**
 * What tabs' proxies say, for the page-tools hub: their messages and their ports' ends. Ports
 * are heard from the worker's first moment (a proxy reconnecting wakes it), while the hub reads
 * its storage first: what is said before the hub listens is kept in order, at most
 * {@link MAX_EARLY} events, and handed over once it listens to both.
 */
import type { TabHubTransport } from '../page-tools/ports';

/** Events kept for the hub before it listens (a reconnect per open tab with tools). */
const MAX_EARLY = 512;

type MessageListener = Parameters<TabHubTransport['onMessage']>[0];

export function createTabHubEvents() {
  const messageListeners = new Set<MessageListener>();
  const disconnectListeners = new Set<(tabId: number) => void>();
  let early: (() => void)[] | undefined = [];
  /** Keeps the event for later while the hub does not listen yet; true when kept (or dropped). */
  const held = (replay: () => void) => {
    if (!early) return false;
    if (early.length < MAX_EARLY) early.push(replay);
    return true;
  };
  const flush = () => {
    if (!early || messageListeners.size === 0 || disconnectListeners.size === 0) return;
    const waiting = early;
    early = undefined;
    for (const replay of waiting) replay();
  };
  const message: MessageListener = (tabId, text, sender) => {
    if (held(() => message(tabId, text, sender))) return;
    for (const listener of messageListeners) listener(tabId, text, sender);
  };
  const disconnect = (tabId: number) => {
    if (held(() => disconnect(tabId))) return;
    for (const listener of disconnectListeners) listener(tabId);
  };
  return {
    /** A proxy's message. */
    message,
    /** A tab's port went. */
    disconnect,
    onMessage(listener: MessageListener) {
      messageListeners.add(listener);
      // The hub subscribes to both in one go (page-tool-hub.ts): after the second, replay.
      queueMicrotask(flush);
      return () => messageListeners.delete(listener);
    },
    onDisconnect(listener: (tabId: number) => void) {
      disconnectListeners.add(listener);
      queueMicrotask(flush);
      return () => disconnectListeners.delete(listener);
    },
  };
}
