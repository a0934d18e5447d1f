import { browser, type Browser } from 'wxt/browser';
import type { OwnRequestOrigins } from './ports';

/** The session rule's id: one rule, listing every host it holds. */
const OWN_REQUESTS_RULE_ID = 1;

/**
 * Patchbay's own requests (the worker's and its pages' fetches, never a tab's) to the hosts
 * given go out without an `Origin` header. Chrome applies the rule only where the person allowed
 * the site (`declarativeNetRequestWithHostAccess`), and never to other extensions' or pages'
 * requests (`initiatorDomains`, `tabIds`).
 *
 * The rule exists only while a host needs it, and holds no more hosts than that: requests to
 * servers that take Patchbay's Origin carry it, as a browser's do. (Page loads pay for the
 * permission itself, rule or none: docs/performance.md.) A session rule outlives the worker,
 * not the browser: a woken worker finds its hosts in place.
 */
export function createChromeOwnRequestOrigins(): OwnRequestOrigins {
  /** The hosts held, and since when (`-Infinity`: before this worker); read once, lazily. */
  let held: Map<string, number> | undefined;
  /** Changes in turn: two servers refusing at once must not write over each other. */
  let queue: Promise<unknown> = Promise.resolve();

  function change<T>(step: (hosts: Map<string, number>) => Promise<T>): Promise<T> {
    const next = queue.then(async () => step((held ??= await readHosts())));
    queue = next.catch(() => undefined);
    return next;
  }

  /** Writes the hosts; the rule is removed with the last. Resolves with whether Chrome took it. */
  async function write(domains: readonly string[]): Promise<boolean> {
    try {
      await browser.declarativeNetRequest.updateSessionRules({
        removeRuleIds: [OWN_REQUESTS_RULE_ID],
        addRules: domains.length > 0 ? [ruleFor([...domains])] : [],
      });
      return true;
    } catch {
      return false;
    }
  }

  /** Keeps only the hosts `kept` names, in Chrome and here. */
  async function keep(hosts: Map<string, number>, kept: (host: string) => boolean) {
    const next = new Map([...hosts].filter(([host]) => kept(host)));
    if (next.size !== hosts.size && (await write([...next.keys()]))) held = next;
  }

  return {
    dropOrigin: (host) =>
      change(async (hosts) => {
        const since = hosts.get(host);
        if (since !== undefined) return since;
        if (!(await write([...hosts.keys(), host]))) return undefined;
        const now = performance.now();
        held = new Map(hosts).set(host, now);
        return now;
      }),
    restoreOrigin: (host) => change((hosts) => keep(hosts, (each) => each !== host)),
    keepOnly: (kept) => change((hosts) => keep(hosts, (each) => kept.has(each))),
  };
}

function ruleFor(requestDomains: string[]): Browser.declarativeNetRequest.Rule {
  return {
    id: OWN_REQUESTS_RULE_ID,
    priority: 1,
    action: {
      type: 'modifyHeaders',
      requestHeaders: [{ header: 'origin', operation: 'remove' }],
    },
    condition: {
      requestDomains,
      initiatorDomains: [browser.runtime.id],
      tabIds: [browser.tabs.TAB_ID_NONE],
      resourceTypes: ['xmlhttprequest'],
    },
  };
}

/**
 * The hosts a worker stopped before this one left in the rule. A rule without
 * `requestDomains` (the form of 2026-12-06, for every host) is removed.
 */
async function readHosts(): Promise<Map<string, number>> {
  const rules = await browser.declarativeNetRequest
    .getSessionRules({ ruleIds: [OWN_REQUESTS_RULE_ID] })
    .catch(() => []);
  const [rule] = rules;
  if (rule && !rule.condition.requestDomains)
    await browser.declarativeNetRequest
      .updateSessionRules({ removeRuleIds: [OWN_REQUESTS_RULE_ID] })
      .catch(() => undefined);
  const domains = rule?.condition.requestDomains ?? [];
  return new Map(domains.map((host) => [host, -Infinity]));
}
