import { browser } from 'wxt/browser';
import { captureNotAllowed } from '../oauth/loopback-redirect';
import { sitePattern } from '../permissions/match-pattern';

/** The session rule's id (1 is chrome-own-requests.ts's). */
const CAPTURE_RULE_ID = 2;
/** Sign-ins waiting on the rule: two servers may sign in with the same loopback redirect. */
let holders = 0;

/**
 * Identity.captureRedirect in Chrome: a `declarativeNetRequest` session rule sends a top-level
 * navigation to `from` (the loopback redirect, with the authorization server's query) to `to`,
 * the extension's chrome.identity redirect URL, so the sign-in window ends there as usual and
 * nothing is ever sent to `from`. Chrome applies a redirect only on a site the person allowed,
 * so without it the sign-in stops before its window opens and asks for that site.
 */
export async function captureRedirect(from: string, to: string): Promise<() => Promise<void>> {
  const site = sitePattern(from);
  if (!site || !(await browser.permissions.contains({ origins: [site] })))
    throw captureNotAllowed(from);
  const path = new URL(from).pathname.slice(1);
  holders += 1;
  await browser.declarativeNetRequest.updateSessionRules({
    removeRuleIds: [CAPTURE_RULE_ID],
    addRules: [
      {
        id: CAPTURE_RULE_ID,
        priority: 1,
        action: { type: 'redirect', redirect: { regexSubstitution: `${to}${path}\\1` } },
        condition: { regexFilter: `^${escapeRegex(from)}(\\?.*)?$`, resourceTypes: ['main_frame'] },
      },
    ],
  });
  let released = false;
  return async () => {
    if (released) return;
    released = true;
    holders -= 1;
    if (holders === 0) await endRedirectCaptures();
  };
}

/** Removes the rule: when the last sign-in ends, and at the worker's start (none survives it). */
export async function endRedirectCaptures(): Promise<void> {
  await browser.declarativeNetRequest
    .updateSessionRules({ removeRuleIds: [CAPTURE_RULE_ID] })
    .catch(() => undefined);
}

function escapeRegex(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
