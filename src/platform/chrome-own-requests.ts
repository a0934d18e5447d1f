import { browser, type Browser } from 'wxt/browser';

/** The session rule's id: one rule, made again only where a worker start finds it missing or changed. */
const OWN_REQUESTS_RULE_ID = 1;

/**
 * Patchbay's own requests (the worker's and its pages' fetches, never a tab's) go out without
 * an `Origin` header. Servers that check it, as the MCP specification tells them to against DNS
 * rebinding, and Ollama by default, refuse `chrome-extension://…`, which no admin lists; a
 * request without one reads as a client outside any browser, which they serve. Chrome applies
 * the rule only where the person allowed the site (`declarativeNetRequestWithHostAccess`), and
 * never to other extensions' or pages' requests (`initiatorDomains`, `tabIds`).
 */
export async function sendOwnRequestsWithoutOrigin(): Promise<void> {
  const rule: Browser.declarativeNetRequest.Rule = {
    id: OWN_REQUESTS_RULE_ID,
    priority: 1,
    action: {
      type: 'modifyHeaders',
      requestHeaders: [{ header: 'origin', operation: 'remove' }],
    },
    condition: {
      initiatorDomains: [browser.runtime.id],
      tabIds: [browser.tabs.TAB_ID_NONE],
      resourceTypes: ['xmlhttprequest'],
    },
  };
  try {
    // Session rules outlive the worker: a worker Chrome stopped finds its rule in place, and
    // leaves Chrome's rule index as it is (replacing it held up the woken worker's first fetch).
    const [current] = await browser.declarativeNetRequest.getSessionRules({
      ruleIds: [OWN_REQUESTS_RULE_ID],
    });
    if (current && JSON.stringify(current) === JSON.stringify(rule)) return;
    await browser.declarativeNetRequest.updateSessionRules({
      removeRuleIds: [OWN_REQUESTS_RULE_ID],
      addRules: [rule],
    });
  } catch {
    // Without the rule, servers that check Origin refuse Patchbay: the doctor says so.
  }
}
