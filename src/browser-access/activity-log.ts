/**
 * The log of external clients' calls: who called what, with what (shortened), how it ended and
 * when. Newest first, at most {@link MAX_ENTRIES}, kept in storage so it outlives the worker.
 */
import { z } from 'zod';
import { activityEntrySchema, type ActivityEntry } from '../messaging/browser-access-contract';
import type { KeyValueStore } from '../platform/ports';
import { BROWSER_ACCESS_ACTIVITY_KEY } from './settings';

export const MAX_ENTRIES = 200;
const MAX_VALUE = 60;
const MAX_SUMMARY = 240;

/** Arguments at a glance: `url: "https://…", ref: "e3"`, each value cut short. */
export function summarizeArguments(args: Record<string, unknown>): string {
  const parts = Object.entries(args).map(([key, value]) => {
    const text = typeof value === 'string' ? JSON.stringify(value) : (JSON.stringify(value) ?? '');
    return `${key}: ${text.length > MAX_VALUE ? `${text.slice(0, MAX_VALUE - 1)}…` : text}`;
  });
  const summary = parts.join(', ');
  return summary.length > MAX_SUMMARY ? `${summary.slice(0, MAX_SUMMARY - 1)}…` : summary;
}

const entriesSchema = z.array(z.unknown()).catch([]);

export function createActivityLog(store: KeyValueStore, onChange: () => void) {
  let entries: Promise<ActivityEntry[]> | undefined;
  let writing = Promise.resolve();
  let counter = 0;
  const load = () =>
    (entries ??= store.get(BROWSER_ACCESS_ACTIVITY_KEY).then((stored) =>
      entriesSchema.parse(stored ?? []).flatMap((entry) => {
        const parsed = activityEntrySchema.safeParse(entry);
        return parsed.success ? [parsed.data] : [];
      }),
    ));
  let queued = false;
  /** Writes the list as it is when the write runs: bursts of calls cost one write. */
  const persist = (list: ActivityEntry[]) => {
    onChange();
    if (queued) return writing;
    queued = true;
    writing = writing
      .then(() => {
        queued = false;
        return store.set({ [BROWSER_ACCESS_ACTIVITY_KEY]: list });
      })
      .catch(() => undefined);
    return writing;
  };

  return {
    async add(entry: Omit<ActivityEntry, 'id'>): Promise<void> {
      const list = await load();
      counter += 1;
      list.unshift({ ...entry, id: `${entry.time.toString(36)}-${counter}` });
      list.splice(MAX_ENTRIES);
      await persist(list);
    },
    async list(): Promise<ActivityEntry[]> {
      return [...(await load())];
    },
    async clear(): Promise<void> {
      const list = await load();
      list.splice(0);
      await persist(list);
    },
  };
}

export type ActivityLog = ReturnType<typeof createActivityLog>;
