import { browser } from 'wxt/browser';

/** Rule ids kept for model servers on this machine: one rule per server origin. */
const FIRST_RULE_ID = 100;
const MAX_RULES = 100;

/**
 * Patchbay's own requests to the model servers the person chose on this machine go out without
 * an `Origin` header, from every extension page (the side panel, the routines' offscreen
 * document) and the worker: Ollama as installed refuses `Origin: chrome-extension://…` with
 * 403 and serves requests with none. The worker's rule (chrome-own-requests.ts) holds only
 * MCP servers that refused Patchbay's Origin; these hold just the origins given
 * (`http://127.0.0.1:11434`), only where Chrome allows the site
 * (`declarativeNetRequestWithHostAccess`), only for Patchbay's requests (`initiatorDomains`).
 * Dynamic rules: they last across browser restarts, as the settings do. Resolves with whether
 * Chrome took them.
 */
export async function serveLocalOriginsWithoutOrigin(origins: readonly string[]): Promise<boolean> {
  try {
    const current = await browser.declarativeNetRequest.getDynamicRules();
    const ours = current.filter(
      (rule) => rule.id >= FIRST_RULE_ID && rule.id < FIRST_RULE_ID + MAX_RULES,
    );
    const filters = new Set(ours.map((rule) => rule.condition.urlFilter ?? ''));
    for (const origin of origins) filters.add(`|${new URL(origin).origin}/`);
    filters.delete('');
    const kept = [...filters].slice(-MAX_RULES);
    await browser.declarativeNetRequest.updateDynamicRules({
      removeRuleIds: ours.map((rule) => rule.id),
      addRules: kept.map((urlFilter, index) => ({
        id: FIRST_RULE_ID + index,
        priority: 1,
        action: {
          type: 'modifyHeaders' as const,
          requestHeaders: [{ header: 'origin', operation: 'remove' as const }],
        },
        condition: {
          urlFilter,
          initiatorDomains: [browser.runtime.id],
          resourceTypes: ['xmlhttprequest' as const],
        },
      })),
    });
    return true;
  } catch {
    return false;
  }
}
