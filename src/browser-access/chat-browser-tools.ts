/**
 * The browser's own tools in the side panel's chat ("Use this browser", off by default): listed
 * with the servers' tools under the server id {@link BROWSER_SERVER_ID} and run under the chat's
 * approval rules, like any server's.
 *
 * A call's tab is pinned when the call is decided. The approval card asks for it
 * ({@link ChatBrowserTools.targetForChat}) the first time it shows: the tab is resolved then
 * (the active one when the call names none), kept with the call's id, and the call, once
 * approved, runs on that tab, or is refused if the tab went to another origin meanwhile. A call
 * that runs without asking is pinned as it starts. Pins are kept in session storage, since a
 * card may wait longer than the worker lives.
 */
import type { BrowserTools } from '../browser-tools/browser-tools';
import type { CallTarget } from '../browser-tools/tab-target';
import { browserToolList } from '../browser-tools/tool-definitions';
import { PatchbayError } from '../errors/patchbay-error';
import { BROWSER_SERVER_ID } from '../messaging/browser-access-contract';
import type { CallToolResultView, ToolView } from '../messaging/contract';
import type { KeyValueStore } from '../platform/ports';

export const CHAT_PINS_KEY = 'browser-access.chat-pins';
/** Pins kept at once: cards waiting (or denied and never run); the oldest go first. */
export const MAX_CHAT_PINS = 50;

interface Pin {
  callId: string;
  name: string;
  target: CallTarget;
}

const notInChat = () =>
  new PatchbayError('not-enabled', 'Switch on “Use this browser” to let the chat use it.');

export function createChatBrowserTools(
  browser: BrowserTools,
  inChat: () => Promise<boolean>,
  session: KeyValueStore,
) {
  /** Pin changes, one at a time (two cards may ask at once). */
  let queue: Promise<unknown> = Promise.resolve();
  function change<T>(edit: (pins: Pin[]) => { pins?: Pin[]; value: T }): Promise<T> {
    const next = queue.then(async () => {
      const stored = await session.get<Pin[]>(CHAT_PINS_KEY);
      const pins = Array.isArray(stored) ? stored : [];
      const { pins: changed, value } = edit(pins);
      if (changed) await session.set({ [CHAT_PINS_KEY]: changed.slice(-MAX_CHAT_PINS) });
      return value;
    });
    queue = next.catch(() => undefined);
    return next;
  }

  return {
    async chatTools(): Promise<ToolView[]> {
      if (!(await inChat())) return [];
      return browserToolList().map((tool) => ({
        serverId: BROWSER_SERVER_ID,
        ...tool,
        annotations: { ...tool.annotations },
      }));
    },
    /**
     * The tab the chat's call `callId` acts on: resolved and pinned the first time, the same
     * pin after (the card shows again, the panel was reopened); undefined for tools that act on
     * no tab.
     */
    async targetForChat(
      callId: string,
      name: string,
      args: Record<string, unknown>,
    ): Promise<CallTarget | undefined> {
      if (!(await inChat())) throw notInChat();
      const known = await change((pins) => ({
        value: pins.find((pin) => pin.callId === callId && pin.name === name),
      }));
      if (known) return known.target;
      const target = await browser.target(name, args);
      if (!target) return undefined;
      // Should two cards ask at once for one call, the first pin stays.
      return change((pins) => {
        const first = pins.find((pin) => pin.callId === callId && pin.name === name);
        if (first) return { value: first.target };
        const others = pins.filter((pin) => pin.callId !== callId);
        return { pins: [...others, { callId, name, target }], value: target };
      });
    },
    async callFromChat(
      name: string,
      args: Record<string, unknown>,
      callId?: string,
    ): Promise<CallToolResultView> {
      if (!(await inChat())) throw notInChat();
      // The pin is used once; without one (the call ran unasked) the call pins its tab now.
      const pinned =
        callId === undefined
          ? undefined
          : await change((pins) => {
              const pin = pins.find((each) => each.callId === callId && each.name === name);
              return pin
                ? { pins: pins.filter((each) => each !== pin), value: pin.target }
                : { value: undefined };
            });
      return browser.call(name, args, pinned ? { target: pinned } : {});
    },
    /** Where a chat call would act, for its approval; nothing while the chat may not look. */
    async chatTabUrl(tabId: number | undefined): Promise<string | undefined> {
      if (!(await inChat())) return undefined;
      return browser.tabUrl(tabId);
    },
  };
}

export type ChatBrowserTools = ReturnType<typeof createChatBrowserTools>;
