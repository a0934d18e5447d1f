/**
 * An external client's grants for one call, as the rule of what runs unasked reads them
 * (src/policy/call-policy.ts): its policy, and the tools the person always allowed it, each as
 * it was described then and, for a browser tool, on the origins it was given on.
 */
import { definitionOf, NO_PAGE, sameDefinition } from '../policy/grants';
import type { CallGrants } from '../policy/call-policy';
import { browserCallOrigin as callOrigin } from '../policy/call-target';
import { originOf } from '../policy/chat-sources';
import type { CallTarget } from '../browser-tools/tab-target';
import type { ClientRecord } from './client-record';
import { BROWSER_SOURCE, type HubTool } from './hub';

/**
 * Where a browser tool's call acts or sends, as its "always allow" is pinned
 * (src/policy/call-target.ts; no page for the list of tabs), its tab's as pinned for the call;
 * undefined (no grant holds) when it cannot be told. A page's text can steer a client's model
 * too, so a grant given on one site does not carry to another.
 */
export function browserCallOrigin(
  tool: Pick<HubTool, 'name' | 'source'>,
  args: Record<string, unknown>,
  target: CallTarget | undefined,
): string | undefined {
  if (tool.source !== BROWSER_SOURCE) return undefined;
  const origin = callOrigin(tool.name, args);
  if (origin === null) return NO_PAGE;
  if (origin !== 'its tab') return origin;
  return target && 'tab' in target ? originOf(target.tab.url) : undefined;
}

/** A client's grants for one call: its policy, and what the person always allowed it. */
export function clientGrants(
  client: ClientRecord,
  tool: HubTool,
  origin: string | undefined,
): CallGrants {
  const pinned = client.alwaysAllow.find((entry) => entry.name === tool.name);
  const pinnedHere =
    pinned !== undefined &&
    sameDefinition(pinned.definition, definitionOf(tool)) &&
    (tool.source !== BROWSER_SOURCE ||
      (origin !== undefined && (pinned.origins ?? []).includes(origin)));
  return {
    allowedAlways: client.policy === 'all' || (client.policy === 'ask' && pinnedHere),
    // Only the browser's own hints are Patchbay's word; another's are asked about.
    readOnly: client.policy === 'read-only' && tool.source === BROWSER_SOURCE ? 'anywhere' : false,
  };
}
