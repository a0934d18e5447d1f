/**
 * The chrome.* side of Patchbay's platform seams. Nothing outside src/platform/ and
 * entrypoints/ touches the browser APIs.
 */
import { browser } from 'wxt/browser';
import type { Broadcast } from '../messaging/contract';
import type { MessageTransport } from '../messaging/client';
import { AuthFlowError } from '../errors/auth-flow-error';
import {
  SignInWindowClosedError,
  type Alarms,
  type Attention,
  type Broadcaster,
  type Identity,
  type KeepAlive,
  type KeyValueStore,
} from './ports';
import { captureRedirect } from './chrome-redirect-capture';
import { errorMessage } from '../errors/error-message';

/** chrome.storage.local, or `session` (kept while the browser runs, through worker restarts). */
export function createChromeStore(which: 'local' | 'session' = 'local'): KeyValueStore {
  const area = browser.storage[which];
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
    keys: () => area.getKeys(),
  };
}

/** The envelope of broadcasts sent together; `createRuntimeTransport` unpacks it. */
export const BROADCAST_BATCH = 'patchbay/broadcasts';

/**
 * Broadcasts to every open extension page. Those made in one task go out as one message: a
 * worker starting with twenty servers announces sixty changes, and each message is a trip
 * through the browser process.
 */
export function createChromeBroadcaster(): Broadcaster {
  let pending: Broadcast[] = [];
  const flush = () => {
    const batch = pending;
    pending = [];
    const message = batch.length === 1 ? batch[0] : { type: BROADCAST_BATCH, messages: batch };
    // Rejects with "Receiving end does not exist" when no page is open: nothing to tell.
    browser.runtime.sendMessage(message).catch(() => undefined);
  };
  return {
    broadcast(message: Broadcast) {
      pending.push(message);
      if (pending.length === 1) queueMicrotask(flush);
    },
  };
}

/**
 * Extension API calls reset the worker's idle timer; ping every 20 s while work is held. The
 * interval outlives the last release until its next tick, which stops it without a ping: calls
 * that follow one another (a chat's tools, a warm call after a warm call) reuse it rather than
 * each starting and clearing one, and a worker with nothing held still goes idle as before.
 */
export function createChromeKeepAlive(intervalMs = 20_000): KeepAlive {
  let holders = 0;
  let timer: ReturnType<typeof setInterval> | undefined;
  const tick = () => {
    if (holders > 0) {
      void browser.runtime.getPlatformInfo();
      return;
    }
    clearInterval(timer);
    timer = undefined;
  };
  return {
    hold() {
      holders += 1;
      timer ??= setInterval(tick, intervalMs);
      let released = false;
      return () => {
        if (released) return;
        released = true;
        holders -= 1;
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
        if (isBatch(message)) for (const each of message.messages) listener(each);
        else listener(message);
        return undefined; // never answer: only the background answers requests
      };
      browser.runtime.onMessage.addListener(handler);
      return () => browser.runtime.onMessage.removeListener(handler);
    },
  };
}

export function createChromeIdentity(): Identity {
  return {
    redirectUrl: () => browser.identity.getRedirectURL(),
    captureRedirect: (from) => captureRedirect(from, browser.identity.getRedirectURL()),
    async launchWebAuthFlow(url) {
      let redirect: string | undefined;
      try {
        redirect = await browser.identity.launchWebAuthFlow({ url, interactive: true });
      } catch (error) {
        // Chrome reports a closed window as "The user did not approve access."; anything else
        // ("Authorization page could not be loaded.") is not the person's doing.
        const message = errorMessage(error);
        if (/did not approve/i.test(message)) throw new SignInWindowClosedError(message);
        throw new AuthFlowError('failed', `Chrome could not show the sign-in page (${message}).`, {
          cause: error,
        });
      }
      if (!redirect)
        throw new SignInWindowClosedError('The sign-in window closed without an answer.');
      return redirect;
    },
  };
}

export function createChromeAlarms(): Alarms {
  return {
    schedule: (name, when) => browser.alarms.create(name, { when }),
    clear: async (name) => {
      await browser.alarms.clear(name);
    },
    onAlarm(listener) {
      browser.alarms.onAlarm.addListener((alarm) => listener(alarm.name));
    },
  };
}

function isBatch(message: unknown): message is { type: string; messages: unknown[] } {
  return (
    typeof message === 'object' &&
    message !== null &&
    (message as { type?: unknown }).type === BROADCAST_BATCH &&
    Array.isArray((message as { messages?: unknown }).messages)
  );
}

/** The toolbar button shows how many server questions wait, so a closed panel still tells. */
export function createChromeAttention(): Attention {
  return {
    showWaiting(count) {
      const text = count === 0 ? '' : count > 9 ? '9+' : String(count);
      void browser.action.setBadgeText({ text }).catch(() => undefined);
      if (count > 0)
        void browser.action.setBadgeBackgroundColor({ color: '#9a6700' }).catch(() => undefined);
      void browser.action
        .setTitle({
          title:
            count === 0
              ? 'Open Patchbay'
              : `Open Patchbay: ${count === 1 ? 'a request is' : `${count} requests are`} waiting for your answer`,
        })
        .catch(() => undefined);
    },
  };
}

/**
 * Keeps chrome.storage.local (tokens, header values, the model key) from content scripts: with a
 * content script in every web page (page tools), a compromised page renderer must not read it.
 * Called first thing whenever the worker starts. Chrome honours it for storage.local from
 * version 140, the manifest's minimum (docs/chrome-apis.md).
 */
export function restrictStorageToExtensionPages(): Promise<void> {
  return browser.storage.local
    .setAccessLevel({ accessLevel: 'TRUSTED_CONTEXTS' })
    .catch(() => undefined);
}
