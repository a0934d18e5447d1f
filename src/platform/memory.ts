import type { Broadcast } from '../messaging/contract';
import type { Alarms, Broadcaster, KeepAlive, KeyValueStore } from './ports';

/** A KeyValueStore in memory, copying values as chrome.storage does (JSON round trip). */
export function createMemoryStore(initial: Record<string, unknown> = {}): KeyValueStore & {
  snapshot(): Record<string, unknown>;
} {
  const data = new Map<string, string>(
    Object.entries(initial).map(([key, value]) => [key, JSON.stringify(value)]),
  );
  const read = (key: string) => {
    const text = data.get(key);
    return text === undefined ? undefined : (JSON.parse(text) as unknown);
  };
  return {
    get: async <T>(key: string) => read(key) as T | undefined,
    getMany: async (keys) =>
      Object.fromEntries(keys.filter((key) => data.has(key)).map((key) => [key, read(key)])),
    set: async (entries) => {
      for (const [key, value] of Object.entries(entries)) {
        if (value === undefined) data.delete(key);
        else data.set(key, JSON.stringify(value));
      }
    },
    remove: async (keys) => {
      for (const key of keys) data.delete(key);
    },
    keys: async () => [...data.keys()],
    snapshot: () => Object.fromEntries([...data.keys()].map((key) => [key, read(key)])),
  };
}

/** A Broadcaster that records what was sent and lets tests listen. */
export function createRecordingBroadcaster(): Broadcaster & {
  messages: Broadcast[];
  listen(listener: (message: Broadcast) => void): () => void;
} {
  const listeners = new Set<(message: Broadcast) => void>();
  const messages: Broadcast[] = [];
  return {
    messages,
    broadcast(message) {
      messages.push(message);
      for (const listener of listeners) listener(message);
    },
    listen(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** A KeepAlive that counts holders, for assertions that work never leaks a hold. */
export function createCountingKeepAlive(): KeepAlive & { readonly active: number } {
  let active = 0;
  return {
    get active() {
      return active;
    },
    hold() {
      active += 1;
      let released = false;
      return () => {
        if (released) return;
        released = true;
        active -= 1;
      };
    },
  };
}

/**
 * Alarms on setTimeout, for tests and Node. `now` is the clock `when` is read against: give it the
 * clock of the code that schedules (a test's fake clock included), or a fake clock set at any date
 * makes every alarm due at once, or never.
 */
export function createTimerAlarms(now: () => number = Date.now): Alarms & {
  scheduled(): Map<string, number>;
  /** Fires a scheduled alarm now, as the browser would when its time came. */
  fire(name: string): void;
} {
  const timers = new Map<string, { timer: ReturnType<typeof setTimeout>; when: number }>();
  const listeners: ((name: string) => void)[] = [];
  return {
    async schedule(name, when) {
      const existing = timers.get(name);
      if (existing) clearTimeout(existing.timer);
      const timer = setTimeout(
        () => {
          timers.delete(name);
          for (const listener of listeners) listener(name);
        },
        Math.max(0, when - now()),
      );
      timers.set(name, { timer, when });
    },
    async clear(name) {
      const existing = timers.get(name);
      if (existing) clearTimeout(existing.timer);
      timers.delete(name);
    },
    onAlarm(listener) {
      listeners.push(listener);
    },
    scheduled: () => new Map([...timers].map(([name, { when }]) => [name, when])),
    fire(name) {
      const existing = timers.get(name);
      if (!existing) throw new Error(`No alarm named ${name} is scheduled.`);
      clearTimeout(existing.timer);
      timers.delete(name);
      for (const listener of listeners) listener(name);
    },
  };
}
