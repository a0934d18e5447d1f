/**
 * Which sites may offer their tools: those the person always allows (kept in local storage,
 * listed in Settings) and those allowed once (kept for the browser session only). Nothing else
 * registers (src/page-tools/page-tool-hub.ts).
 */
import { z } from 'zod';
import type { KeyValueStore } from '../platform/ports';

export const ALLOWED_SITES_KEY = 'pageTools.allowedSites';
export const ALLOWED_ONCE_KEY = 'pageTools.allowedOnce';

const sitesSchema = z.array(z.string().min(1).max(253)).catch([]);

export interface SitePermissions {
  load(): Promise<void>;
  isAllowed(domain: string): boolean;
  allow(domain: string, always: boolean): Promise<void>;
  forget(domain: string): Promise<void>;
  /** The sites always allowed, sorted. */
  always(): string[];
  /** The sites allowed for this browser session only, sorted. */
  once(): string[];
}

export function createSitePermissions(stores: {
  local: KeyValueStore;
  session: KeyValueStore;
}): SitePermissions {
  let always = new Set<string>();
  let once = new Set<string>();
  const save = () =>
    Promise.all([
      stores.local.set({ [ALLOWED_SITES_KEY]: [...always].sort() }),
      stores.session.set({ [ALLOWED_ONCE_KEY]: [...once].sort() }),
    ]).then(() => undefined);
  return {
    async load() {
      always = new Set(sitesSchema.parse(await stores.local.get(ALLOWED_SITES_KEY)));
      once = new Set(sitesSchema.parse(await stores.session.get(ALLOWED_ONCE_KEY)));
    },
    isAllowed: (domain) => always.has(domain) || once.has(domain),
    async allow(domain, forever) {
      (forever ? always : once).add(domain);
      await save();
    },
    async forget(domain) {
      always.delete(domain);
      once.delete(domain);
      await save();
    },
    always: () => [...always].sort(),
    once: () => [...once].filter((site) => !always.has(site)).sort(),
  };
}
