/**
 * The panel's way to ask Chrome for the sites a click needs (a server's, its authorization
 * server's, a model's, the registry's): called first thing in the click handler, before any
 * await, so Chrome still sees the person's gesture. Chrome answers at once, without a prompt,
 * for sites already allowed (`<all_urls>` kept from an earlier version covers all).
 */
import type { OptionalPermissions } from '../platform/ports';
import { ALL_SITES, sitePattern } from './match-pattern';

/** Resolves with whether every site is allowed now; never rejects. */
export type AskForSites = (sites: readonly string[]) => Promise<boolean>;

export function createAskForSites(permissions: OptionalPermissions): AskForSites {
  return (sites) => {
    // Patterns pass as they are (a card's Allow access names them); addresses become one.
    const origins = [
      ...new Set(
        sites
          .map((site) => (site === ALL_SITES || site.endsWith('/*') ? site : sitePattern(site)))
          .filter((pattern) => pattern !== undefined),
      ),
    ];
    if (origins.length === 0) return Promise.resolve(true);
    return permissions.request({ origins }).catch(() => false);
  };
}
