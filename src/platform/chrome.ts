/**
 * The chrome.* side of Patchbay's platform seams. Nothing outside src/platform/ and
 * entrypoints/ touches the browser APIs.
 */
import { browser } from 'wxt/browser';
import type { Broadcast } from '../messaging/contract';
import type { MessageTransport } from '../messaging/client';
import type { Broadcaster, KeepAlive, KeyValueStore } from './ports';

export function createChromeStore(): KeyValueStore {
  const area = browser.storage.local;
  return {
    get: async <T>(key: string) => (await area.get(key))[key] as T | undefined,
    getMany: async (keys) => (keys.length ? area.get([...keys]) : {}),
    set: async (entries) => {
      const toSet = Object.fromEntries(
        Object.entries(entries).filter(([, value]) => value !== undefined),
      );
      const toRemove = Object.keys(entries).filter((key) => entries[key] === undefined);
      if (Object.keys(toSet).length) await area.set(toSet);
      if (toRemove.length) await area.remove(toRemove);
    },
    remove: async (keys) => {
      if (keys.length) await area.remove([...keys]);
    },
  };
}

export function createChromeBroadcaster(): Broadcaster {
  return {
    broadcast(message: Broadcast) {
      // Rejects with "Receiving end does not exist" when no page is open: nothing to tell.
      browser.runtime.sendMessage(message).catch(() => undefined);
    },
  };
}

/** Extension API calls reset the worker's idle timer; ping every 20 s while work is held. */
export function createChromeKeepAlive(intervalMs = 20_000): KeepAlive {
  let holders = 0;
  let timer: ReturnType<typeof setInterval> | undefined;
  return {
    hold() {
      holders += 1;
      timer ??= setInterval(() => void browser.runtime.getPlatformInfo(), intervalMs);
      let released = false;
      return () => {
        if (released) return;
        released = true;
        holders -= 1;
        if (holders === 0 && timer !== undefined) {
          clearInterval(timer);
          timer = undefined;
        }
      };
    },
  };
}

/** Requests and broadcasts over chrome.runtime messaging, for extension pages. */
export function createRuntimeTransport(): MessageTransport {
  return {
    send: (message) => browser.runtime.sendMessage(message),
    subscribe(listener) {
      const handler = (message: unknown) => {
        listener(message);
        return undefined; // never answer: only the background answers requests
      };
      browser.runtime.onMessage.addListener(handler);
      return () => browser.runtime.onMessage.removeListener(handler);
    },
  };
}
