/**
 * chrome.identity.launchWebAuthFlow for Node tests: follows the authorization server's
 * redirects (keeping its cookies) until it reaches Patchbay's redirect URL, answering a consent
 * page the way a person would. The browser does the same in the e2e suite.
 */
import { captureNotAllowed } from '../../src/oauth/loopback-redirect';
import { SignInWindowClosedError, type Identity } from '../../src/platform/ports';

export const REDIRECT_URL = 'https://ochopgbekfckekcfildinaeciimoahkb.chromiumapp.org/';

export type ConsentBehaviour = 'approve' | 'deny' | 'close' | 'leave-open';

export interface NodeIdentity extends Identity {
  /** Authorization URLs opened, newest last. */
  opened: URL[];
  /** What the person does on the next consent page (default approve). */
  behaviour: ConsentBehaviour;
  /** Rewrites the redirect before Patchbay sees it (to forge a state, say). */
  tamper: ((redirect: URL) => URL) | undefined;
  /**
   * While set, a window that opens waits for this promise before the person answers it: a
   * sign-in held in progress, for as long as a test needs.
   */
  hold: Promise<void> | undefined;
  /**
   * Whether Chrome allows the loopback site a captured redirect needs (default true); the
   * addresses captured now, as the browser's redirect rule holds them.
   */
  loopbackAllowed: boolean;
  captured: string[];
}

export function createNodeIdentity(): NodeIdentity {
  const identity: NodeIdentity = {
    opened: [],
    behaviour: 'approve',
    tamper: undefined,
    hold: undefined,
    loopbackAllowed: true,
    captured: [],
    redirectUrl: () => REDIRECT_URL,
    async captureRedirect(from) {
      if (!identity.loopbackAllowed) throw captureNotAllowed(from);
      identity.captured.push(from);
      return async () => {
        identity.captured.splice(identity.captured.indexOf(from), 1);
      };
    },
    async launchWebAuthFlow(url) {
      identity.opened.push(new URL(url));
      // The person walked away: the window never answers.
      if (identity.behaviour === 'leave-open') return new Promise<string>(() => undefined);
      if (identity.hold) await identity.hold;
      const cookies = new Map<string, string>();
      let next: { url: URL; init: RequestInit } = { url: new URL(url), init: {} };
      for (let hop = 0; hop < 20; hop += 1) {
        // A captured address never reaches the network: the browser turns it into the redirect URL.
        const from = identity.captured.find((address) => next.url.href.split('?')[0] === address);
        if (from)
          next.url = new URL(`${REDIRECT_URL}${new URL(from).pathname.slice(1)}${next.url.search}`);
        if (next.url.href.startsWith(REDIRECT_URL)) {
          return (identity.tamper ? identity.tamper(next.url) : next.url).href;
        }
        const headers = new Headers(next.init.headers);
        if (cookies.size)
          headers.set('cookie', [...cookies].map(([name, value]) => `${name}=${value}`).join('; '));
        const response = await fetch(next.url, { ...next.init, headers, redirect: 'manual' });
        for (const cookie of response.headers.getSetCookie()) {
          const [pair = ''] = cookie.split(';');
          const index = pair.indexOf('=');
          cookies.set(pair.slice(0, index).trim(), pair.slice(index + 1).trim());
        }
        const location = response.headers.get('location');
        if (location) {
          await response.body?.cancel();
          next = { url: new URL(location, next.url), init: {} };
          continue;
        }
        const page = await response.text();
        if (identity.behaviour === 'close')
          throw new SignInWindowClosedError('The user did not approve access.');
        const action = /<form[^>]*action="([^"]+)"/i.exec(page)?.[1];
        if (!action)
          throw new Error(
            `Sign-in stopped on a page without a form (HTTP ${response.status}): ${page.slice(0, 200)}`,
          );
        next = {
          url: new URL(action.replaceAll('&amp;', '&'), next.url),
          init: {
            method: 'POST',
            headers: { 'content-type': 'application/x-www-form-urlencoded' },
            body: new URLSearchParams({ decision: identity.behaviour }).toString(),
          },
        };
      }
      throw new Error('Sign-in did not come back to Patchbay within 20 redirects.');
    },
  };
  return identity;
}
