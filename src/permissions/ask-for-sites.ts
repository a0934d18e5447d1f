/**
 * The panel's way to ask Chrome for the sites a click needs (a server's, its authorization
 * server's, a model's, the registry's): called first thing in the click handler, before any
 * await, so Chrome still sees the person's gesture. Sites already allowed (`<all_urls>` kept
 * from an earlier version covers all) are not asked for again: Chrome would prompt for them.
 */
import type { OptionalPermissions } from '../platform/ports';
import {
  ALL_SITES,
  isSiteOrAllSites,
  patternCovers,
  patternHost,
  sitePattern,
} from './match-pattern';

/** Resolves with whether every site is allowed now; never rejects. */
export interface AskForSites {
  (sites: readonly string[]): Promise<boolean>;
  /**
   * Whether Chrome already allows every one of these sites, so using them asks nothing (false
   * while that is not known yet). For work that starts without a click, which may not prompt.
   */
  allows?(sites: readonly string[]): boolean;
}

export function createAskForSites(permissions: OptionalPermissions): AskForSites {
  // What Chrome holds, kept current, so a click asks only for what is missing: Chrome prompts
  // for a site even where `<all_urls>` is held (Chromium 150 does), and the check must not
  // wait on anything before the prompt.
  let held: readonly string[] | undefined;
  const load = () =>
    void permissions.grantedOrigins().then(
      (origins) => void (held = origins),
      () => undefined,
    );
  load();
  permissions.onChange(load);
  const missing = (sites: readonly string[]) =>
    patternsOf(sites).filter((pattern) => !held || !patternCovers(held, pattern));
  const ask: AskForSites = (sites) => {
    const origins = missing(sites);
    if (origins.length === 0) return Promise.resolve(true);
    return permissions.request({ origins }).catch(() => false);
  };
  ask.allows = (sites) => held !== undefined && missing(sites).length === 0;
  return ask;
}

/**
 * A card's Allow access names patterns: only one site's, or all sites, pass as they are (the
 * worker's status is built from a server's answers); addresses become their site's.
 */
function patternsOf(sites: readonly string[]): string[] {
  return [
    ...new Set(
      sites
        .map((site) => (site.endsWith('/*') || site === ALL_SITES ? site : sitePattern(site)))
        .filter((pattern): pattern is string => pattern !== undefined && isSiteOrAllSites(pattern)),
    ),
  ];
}

/** What a refusal leaves: the sites, in the words the prompt used, and how to be asked again. */
export function sitesRefused(sites: readonly string[], again: string): string {
  const hosts = [
    ...new Set(
      sites.map((site) => patternHost(site.endsWith('/*') ? site : (sitePattern(site) ?? site))),
    ),
  ];
  return `You did not allow Patchbay to reach ${hosts.join(' and ')}, so it sent nothing there. ${again}`;
}
