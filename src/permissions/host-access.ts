/**
 * Which sites the worker may reach, as Chrome granted them (the manifest asks for none at
 * install: see match-pattern.ts and the README's permissions). The worker cannot show Chrome's
 * prompt (it needs a click in a page), so it only reads what is granted: a server whose site is
 * not allowed yet says so on its card, whose Allow button asks from the person's click, and the
 * worker connects again the moment Chrome reports the grant.
 */
import type { OptionalPermissions } from '../platform/ports';
import { ALL_SITES, covered } from './match-pattern';

export interface HostAccess {
  /**
   * Whether Chrome lets Patchbay reach `address` (read from a cache kept current): `true` at
   * once, without waiting a turn, for an origin Chrome's yes is kept for.
   */
  allows(address: string | URL): boolean | Promise<boolean>;
  /** Whether every site is allowed (the browser's own tools, websites' tools). */
  allowsAllSites(): Promise<boolean>;
  /** Something was granted or taken back. */
  onChange(listener: () => void): () => void;
}

export function createHostAccess(permissions: OptionalPermissions): HostAccess {
  let granted: Promise<readonly string[]> | undefined;
  // Every request to a server asks: a yes is kept per origin until Chrome reports a change. A
  // no is asked again each time: a grant from the panel may reach the worker after the request
  // that follows it (Allow access, then sign in), before Chrome's event does.
  let answers = new Map<string, true>();
  const current = () =>
    (granted ??= permissions.grantedOrigins().catch((): readonly string[] => []));
  const listeners = new Set<() => void>();
  permissions.onChange(() => {
    granted = undefined;
    answers = new Map();
    for (const listener of listeners) listener();
  });
  return {
    allows(address) {
      const origin = (address instanceof URL ? address : new URL(address)).origin;
      if (answers.has(origin)) return true;
      const kept = answers;
      return (async () => {
        if (covered(await current(), address)) {
          kept.set(origin, true); // a map replaced meanwhile (a change) does not keep it
          return true;
        }
        granted = undefined;
        return covered(await current(), address);
      })();
    },
    allowsAllSites: async () => (await current()).includes(ALL_SITES),
    onChange(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** A host access that allows everything: Node, tests, and tools outside the browser. */
export const EVERYWHERE: HostAccess = {
  allows: async () => true,
  allowsAllSites: async () => true,
  onChange: () => () => undefined,
};
