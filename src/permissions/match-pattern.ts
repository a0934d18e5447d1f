/**
 * Chrome's host match patterns (`<scheme>://<host>/<path>`, or `<all_urls>`) as far as
 * Patchbay asks for and reads them: which pattern to ask for to reach an address, and whether
 * the patterns Chrome granted cover one. Written here because no library Patchbay uses parses
 * them; Chrome's own rules: https://developer.chrome.com/docs/extensions/develop/concepts/match-patterns
 */

/** Every site, as the manifest and chrome.permissions name it. */
export const ALL_SITES = '<all_urls>';

const SCHEMES_OF_ALL_URLS = new Set(['http:', 'https:', 'ws:', 'wss:', 'ftp:', 'file:']);

/**
 * The pattern to ask for to reach `address`: its scheme and host, any port, any path (the
 * prompt names the host, as the person knows it). Undefined for anything but http(s).
 */
export function sitePattern(address: string | URL): string | undefined {
  let url: URL;
  try {
    url = new URL(address);
  } catch {
    return undefined;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return undefined;
  // A host is one site: never a wildcard a server's metadata could slip in (`https://*/`).
  if (!url.hostname || url.hostname.includes('*')) return undefined;
  return `${url.protocol}//${url.hostname}/*`;
}

/** Whether `pattern` names one site (`https://a.example/*`) or all of them, and nothing wider. */
export function isSiteOrAllSites(pattern: string): boolean {
  if (pattern === ALL_SITES) return true;
  const site = /^(https?:\/\/[^/]+)\/\*$/.exec(pattern)?.[1];
  return site !== undefined && sitePattern(`${site}/`) === pattern;
}

/** The patterns to ask for to reach all of `addresses`, each once. */
export function sitePatterns(addresses: readonly (string | URL)[]): string[] {
  const patterns = addresses.map(sitePattern).filter((pattern) => pattern !== undefined);
  return [...new Set(patterns)];
}

/** The host a pattern names, as the panel says it ("mcp.notion.com", "all sites"). */
export function patternHost(pattern: string): string {
  if (pattern === ALL_SITES) return 'all sites';
  return /^[^:]+:\/\/([^/]+)\//.exec(pattern)?.[1] ?? pattern;
}

/** Whether one granted pattern covers `address` (its site: Chrome ignores the path). */
export function patternMatches(pattern: string, address: URL): boolean {
  if (pattern === ALL_SITES) return SCHEMES_OF_ALL_URLS.has(address.protocol);
  const parts = /^(\*|[a-z][a-z0-9+.-]*):\/\/([^/]*)\/.*$/i.exec(pattern);
  if (!parts) return false;
  const [, scheme, hostPart] = parts as unknown as [string, string, string];
  const protocol = address.protocol.slice(0, -1);
  // `*` stands for http and https only.
  const schemeOk =
    scheme === '*' ? protocol === 'http' || protocol === 'https' : scheme === protocol;
  if (!schemeOk) return false;
  // Chrome ignores a host permission's path: it grants the whole site.
  return hostMatches(hostPart, address);
}

/** Whether any of the granted patterns covers `address`. */
export function covered(granted: readonly string[], address: string | URL): boolean {
  let url: URL;
  try {
    url = new URL(address);
  } catch {
    return false;
  }
  return granted.some((pattern) => patternMatches(pattern, url));
}

function hostMatches(hostPart: string, address: URL): boolean {
  // A host with a port matches that port only; without one, any port (Chrome's rule).
  const portMatch = /^(.*?)(?::(\d+|\*))?$/.exec(hostPart);
  const host = (portMatch?.[1] ?? hostPart).toLowerCase();
  const port = portMatch?.[2];
  if (port && port !== '*') {
    const secure = address.protocol === 'https:' || address.protocol === 'wss:';
    const actual = address.port || (secure ? '443' : '80');
    if (actual !== port) return false;
  }
  const actualHost = address.hostname.toLowerCase();
  if (host === '*') return true;
  if (host.startsWith('*.')) {
    const base = host.slice(2);
    return actualHost === base || actualHost.endsWith(`.${base}`);
  }
  return actualHost === host;
}

/**
 * Whether the granted patterns cover a whole pattern asked for (as Chrome answers `contains`):
 * `<all_urls>` only by itself, a site's pattern by one that matches its address.
 */
export function patternCovers(granted: readonly string[], asked: string): boolean {
  if (granted.includes(asked) || granted.includes(ALL_SITES)) return true;
  if (asked === ALL_SITES) return false;
  const address = /^([a-z][a-z0-9+.-]*:\/\/[^/*]+)\/\*$/i.exec(asked)?.[1];
  return address !== undefined && covered(granted, `${address}/`);
}
