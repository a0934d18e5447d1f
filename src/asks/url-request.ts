import { isLoopbackHost } from '../net/private-network';

export type UrlRequestDescription =
  { ok: true; host: string; origin: string; url: string } | { ok: false; reason: string };

/**
 * Whether a URL-mode elicitation may be opened, and the host to show the person. The host is
 * the URL parser's: an internationalized name shows as punycode (`xn--…`), so a look-alike
 * domain cannot pass for the real one.
 */
export function describeUrlRequest(url: string): UrlRequestDescription {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return { ok: false, reason: 'This is not a web address Patchbay can open.' };
  }
  const local = isLoopbackHost(parsed.hostname);
  if (parsed.protocol === 'http:' && !local) {
    return {
      ok: false,
      reason: 'The page is not secure (http). Patchbay only opens https pages for a server.',
    };
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') {
    return {
      ok: false,
      reason: `Patchbay does not open ${parsed.protocol} addresses for a server, only https pages.`,
    };
  }
  // https://accounts.example.com@evil.example/ goes to evil.example, whatever it seems to say.
  if (parsed.username || parsed.password) {
    return {
      ok: false,
      reason: 'The address hides where it really goes behind a user name.',
    };
  }
  return { ok: true, host: parsed.host, origin: parsed.origin, url: parsed.href };
}

/**
 * Whether a server may ask the person to open `url`: https anywhere, or plain http on this
 * machine only when the server itself runs on this machine (a remote server must not get a
 * click into local services).
 */
export function mayOpen(url: string, serverUrl: string): boolean {
  const target = describeUrlRequest(url);
  if (!target.ok) return false;
  if (new URL(target.url).protocol === 'https:') return true;
  try {
    return isLoopbackHost(new URL(serverUrl).hostname);
  } catch {
    return false;
  }
}
