/**
 * The in-memory twin of Chrome's optional permissions: what is granted, how the person answers
 * the next prompt, and taking a permission back as chrome://extensions does. Host patterns are
 * held as Chrome holds them: a request for one covered by a held pattern (`<all_urls>`) asks
 * nothing.
 */
import { patternCovers } from '../permissions/match-pattern';
import type { OptionalPermissions, PermissionSet } from './ports';

export function createMemoryPermissions(granted: PermissionSet = {}): OptionalPermissions & {
  /** How the person answers prompts from now on. */
  answer(with_: 'grant' | 'refuse'): void;
  /** The person took these back (chrome://extensions), or Chrome did not carry them over. */
  revoke(names: readonly string[], origins?: readonly string[]): void;
  /** What each prompt asked for: its permissions and host patterns, in one list. */
  prompts: string[][];
} {
  const held = new Set(granted.permissions);
  const origins = new Set(granted.origins);
  const listeners = new Set<() => void>();
  let answer: 'grant' | 'refuse' = 'refuse';
  const changed = () => {
    for (const listener of listeners) listener();
  };
  const prompts: string[][] = [];
  const holds = (set: PermissionSet) =>
    (set.permissions ?? []).every((name) => held.has(name)) &&
    (set.origins ?? []).every((pattern) => patternCovers([...origins], pattern));
  return {
    prompts,
    contains: async (set) => holds(set),
    async request(set) {
      // As Chrome: no prompt for what is already held.
      if (holds(set)) return true;
      prompts.push([...(set.permissions ?? []), ...(set.origins ?? [])]);
      if (answer === 'refuse') return false;
      for (const name of set.permissions ?? []) held.add(name);
      for (const pattern of set.origins ?? []) origins.add(pattern);
      changed();
      return true;
    },
    grantedOrigins: async () => [...origins],
    async remove(set) {
      for (const name of set.permissions ?? []) held.delete(name);
      for (const pattern of set.origins ?? []) origins.delete(pattern);
      changed();
      return true;
    },
    onChange(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    answer: (with_) => void (answer = with_),
    revoke(names, taken = []) {
      for (const name of names) held.delete(name);
      for (const pattern of taken) origins.delete(pattern);
      changed();
    },
  };
}
