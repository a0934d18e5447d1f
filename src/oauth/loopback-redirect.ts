import { ConnectionError } from '../errors/connection-error';
import { sitePattern } from '../permissions/match-pattern';

/**
 * The redirect Patchbay registers with an authorization server that refuses the browser's
 * `https://<id>.chromiumapp.org/` (some accept only the loopback redirects of native apps,
 * RFC 8252 §7.3). Nothing listens there: while a sign-in waits, the browser turns a navigation
 * to this address into one to the extension's redirect URL (Identity.captureRedirect), which
 * ends chrome.identity's sign-in window as usual. The port is fixed, so the address registered
 * is the one every later sign-in asks for, also at servers that compare it exactly.
 */
export const LOOPBACK_REDIRECT_URL = 'http://127.0.0.1:53682/patchbay/oauth/callback';

/** The site Chrome must allow for the browser to catch the loopback redirect. */
export const LOOPBACK_SITE = 'http://127.0.0.1/*';

export function isLoopbackRedirect(url: string): boolean {
  return url === LOOPBACK_REDIRECT_URL;
}

/** Chrome does not allow the site of `from`, so it cannot catch the redirect there. */
export function captureNotAllowed(from: string): ConnectionError {
  const site = sitePattern(from);
  return new ConnectionError(
    'no-access',
    `${new URL(from).host}, where the sign-in server sends you back (Chrome catches it there; nothing on your computer is contacted),`,
    site ? { sitePattern: site } : {},
  );
}
