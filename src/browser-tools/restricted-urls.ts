/**
 * Where browser tools never act: the browser's own pages (`chrome://`, `edge://`, `about:`,
 * DevTools, `view-source:`), extensions' pages (Patchbay's too), local files, and the extension
 * stores, whose pages Chrome protects from extensions and where an agent's clicks could install
 * or remove software. Only http and https pages elsewhere are open to them. Also how an address
 * a model gives is read ({@link normalizeUrl}), the same wherever a call is decided and run.
 */

/** "example.com/x" → "https://example.com/x"; anything else as it is. */
export function normalizeUrl(input: string): string {
  const trimmed = input.trim();
  return /^[a-z][a-z0-9+.-]*:/i.test(trimmed) ? trimmed : `https://${trimmed}`;
}

/** Extension stores: pages an extension must not script, whatever its permissions. */
const STORE_PAGES: readonly { host: string; path?: string }[] = [
  { host: 'chromewebstore.google.com' },
  { host: 'chrome.google.com', path: '/webstore' },
  { host: 'microsoftedge.microsoft.com', path: '/addons' },
];

/** Why browser tools may not act on this URL, in a sentence; undefined when they may. */
export function restrictionOf(url: string | undefined): string | undefined {
  if (!url) return 'This tab shows no page that browser tools may use.';
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return `“${url.slice(0, 200)}” is not a valid URL.`;
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') {
    return `Browser tools work only on web pages (http or https), not on ${parsed.protocol} pages such as the browser’s settings, other extensions or local files.`;
  }
  // Hosts as DNS reads them (a trailing dot is the same host), paths as a server may (case and
  // repeated slashes aside), so no spelling of a store's address slips through.
  const host = parsed.hostname.toLowerCase().replace(/\.+$/, '');
  const path = parsed.pathname.toLowerCase().replace(/\/{2,}/g, '/');
  const store = STORE_PAGES.find(
    (page) =>
      page.host === host &&
      (page.path === undefined || path === page.path || path.startsWith(`${page.path}/`)),
  );
  if (store) return 'Browser tools never act on extension store pages.';
  return undefined;
}

/** Pages with nothing of the person's on them, which a tool may navigate away from. */
const BLANK_PAGES = new Set([
  'about:blank',
  'chrome://newtab/',
  'chrome://new-tab-page/',
  'edge://newtab/',
]);

/** Whether a tab showing `url` may be navigated elsewhere by a tool. */
export function mayLeave(url: string | undefined): boolean {
  return restrictionOf(url) === undefined || BLANK_PAGES.has(url ?? '');
}
