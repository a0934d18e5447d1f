/**
 * Asking the person about an external client's call, in the side panel, and what their answer
 * does: approve runs the call once (and lets a new client in), always also allows the tool as
 * it is described (for a browser tool, on the call's origin), and anything else refuses it,
 * saying why. A client may have only a few calls waiting at once.
 */
import { definitionOf } from '../policy/grants';
import type { CallTarget } from '../browser-tools/tab-target';
import type { ApprovalView } from '../messaging/browser-access-contract';
import type { ApprovalBroker } from './approvals';
import type { ClientRecord } from './client-record';
import { browserCallOrigin } from './client-grants';
import type { ClientRegistry } from './clients';
import { BROWSER_SOURCE, type HubTool } from './hub';

/** Calls of one client that may wait for the person at once; more are refused. */
const MAX_WAITING_PER_CLIENT = 3;

export type Refusal = { run: false; outcome: 'blocked' | 'refused' | 'denied'; message: string };
/** Allowed, on the tab resolved when it was decided (for a browser tool that acts on one). */
export type GateOutcome = { run: true; target?: CallTarget } | Refusal;

export const refuse = (outcome: Refusal['outcome'], message: string): Refusal => ({
  run: false,
  outcome,
  message,
});

/** Allowed to run, on `target` when there is one. */
export const allowed = (target: CallTarget | undefined): GateOutcome => ({
  run: true,
  ...(target && { target }),
});

export interface ApprovalOptions {
  clients: ClientRegistry;
  approvals: ApprovalBroker;
  /** The person let a client in or allowed it more: its tool list may have grown. */
  onAllowed(): void;
  now?: () => number;
  approvalTimeoutMs?: number;
}

/** One call as its approval card shows it. */
export interface AskedCall {
  client: ClientRecord;
  tool: HubTool;
  args: Record<string, unknown>;
  /** The tab the call acts on, pinned when it was decided. */
  target: CallTarget | undefined;
}

let counter = 0;

/** The card for a call, with an id of its own. */
function approvalView({ client, tool, args, target }: AskedCall, now: () => number): ApprovalView {
  counter += 1;
  return {
    ...(target && 'tab' in target && { target: target.tab }),
    id: `a${now().toString(36)}${counter}`,
    clientId: client.id,
    clientName: client.name,
    clientUser: client.user,
    tokenHint: client.tokenHint,
    newClient: client.policy === 'new',
    tool: tool.name,
    ...(tool.title !== undefined && { title: tool.title }),
    description: tool.description,
    source: tool.source,
    arguments: args,
    ...(tool.annotations !== undefined && { annotations: tool.annotations }),
    requestedAt: now(),
  };
}

/** Asks the person about the call and acts on their answer; `signal` aborts the wait. */
export async function askPerson(
  options: ApprovalOptions,
  call: AskedCall,
  signal: AbortSignal,
): Promise<GateOutcome> {
  const { client, tool, target } = call;
  const waiting = options.approvals.list().filter((view) => view.clientId === client.id);
  if (waiting.length >= MAX_WAITING_PER_CLIENT) {
    return refuse(
      'refused',
      `${MAX_WAITING_PER_CLIENT} of this client's calls already wait for the person; wait for their answers.`,
    );
  }
  const view = approvalView(call, options.now ?? Date.now);
  const decision = await options.approvals.ask(view, signal, options.approvalTimeoutMs);
  if (decision === 'approve') {
    if (client.policy === 'new') {
      await options.clients.setPolicy(client.id, 'ask');
      options.onAllowed();
    }
    return allowed(target);
  }
  if (decision === 'always') {
    const origin = browserCallOrigin(tool, call.args, target);
    // A browser call whose origin cannot be told grants nothing lasting: it runs this once.
    if (tool.source !== BROWSER_SOURCE || origin !== undefined)
      await options.clients.allowAlways(client.id, tool.name, definitionOf(tool), origin);
    else if (client.policy === 'new') await options.clients.setPolicy(client.id, 'ask');
    options.onAllowed();
    return allowed(target);
  }
  return refuse(
    'denied',
    decision === 'timeout'
      ? 'Nobody answered in Patchbay in time, so the call was not run.'
      : decision === 'gone'
        ? 'The call was cancelled before the person answered.'
        : 'The person denied this call in Patchbay.',
  );
}
