/**
 * The in-memory twin of Chrome's optional permissions: what is granted, how the person answers
 * the next prompt, and taking a permission back as chrome://extensions does.
 */
import type { OptionalPermissions } from './ports';

export function createMemoryPermissions(granted: readonly string[] = []): OptionalPermissions & {
  /** How the person answers prompts from now on. */
  answer(with_: 'grant' | 'refuse'): void;
  /** The person took these back (chrome://extensions), or Chrome did not carry them over. */
  revoke(names: readonly string[]): void;
  /** The permissions each prompt asked for. */
  prompts: string[][];
} {
  const held = new Set(granted);
  const listeners = new Set<() => void>();
  let answer: 'grant' | 'refuse' = 'refuse';
  const changed = () => {
    for (const listener of listeners) listener();
  };
  const prompts: string[][] = [];
  return {
    prompts,
    contains: async (names) => names.every((name) => held.has(name)),
    async request(names) {
      // As Chrome: no prompt for what is already held.
      if (names.every((name) => held.has(name))) return true;
      prompts.push([...names]);
      if (answer === 'refuse') return false;
      for (const name of names) held.add(name);
      changed();
      return true;
    },
    onChange(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    answer: (with_) => void (answer = with_),
    revoke(names) {
      for (const name of names) held.delete(name);
      changed();
    },
  };
}
