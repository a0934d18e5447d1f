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
  return `${url.protocol}//${url.hostname}/*`;
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

/** Whether one granted pattern covers `address`. */
export function patternMatches(pattern: string, address: URL): boolean {
  if (pattern === ALL_SITES) return SCHEMES_OF_ALL_URLS.has(address.protocol);
  const parts = /^(\*|[a-z][a-z0-9+.-]*):\/\/([^/]*)(\/.*)$/i.exec(pattern);
  if (!parts) return false;
  const [, scheme, hostPart, path] = parts as unknown as [string, string, string, string];
  const protocol = address.protocol.slice(0, -1);
  // `*` stands for http and https only (and their WebSocket twins, which Chrome checks alike).
  const schemeOk =
    scheme === '*' ? ['http', 'https', 'ws', 'wss'].includes(protocol) : scheme === protocol;
  if (!schemeOk) return false;
  if (!hostMatches(hostPart, address)) return false;
  return pathMatches(path, address.pathname);
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
    const actual = address.port || (address.protocol === 'https:' ? '443' : '80');
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

function pathMatches(path: string, pathname: string): boolean {
  if (path === '/*') return true;
  const expression = path
    .split('*')
    .map((piece) => piece.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
    .join('.*');
  return new RegExp(`^${expression}$`).test(pathname);
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
