/**
 * Whether an external client's call may run: the switch and the client's policy refuse it, or
 * the rule of what runs unasked (src/policy/call-policy.ts) decides, given what the person
 * always allowed the client (a tool as it was described then); else the person's answer in the
 * side panel. Hints are a server's or a website's word: under "read-only tools" only the
 * browser's own read-only tools run unasked; another's tool that calls itself read-only is
 * asked about, and any other tool is refused. A browser tool's tab is resolved once, when the
 * call is decided (before the person is asked, or as it runs unasked), and the call runs on that
 * tab (see src/browser-tools/tab-target.ts). Every call, however it ends, goes in the log.
 */
import { definitionOf, NO_PAGE, sameDefinition } from '../policy/grants';
import { decideCall, NO_OTHER_TEXT, type CallGrants } from '../policy/call-policy';
import { browserCallOrigin as callOrigin } from '../policy/call-target';
import { originOf } from '../policy/chat-sources';
import type { CallTarget } from '../browser-tools/tab-target';
import type { ApprovalView } from '../messaging/browser-access-contract';
import type { CallToolResultView } from '../messaging/contract';
import type { ActivityLog } from './activity-log';
import { summarizeArguments } from './activity-log';
import type { ApprovalBroker } from './approvals';
import type { ClientRecord, ClientRegistry } from './clients';
import { BROWSER_SOURCE, type HubTool } from './hub';

/** Calls of one client that may wait for the person at once; more are refused. */
export const MAX_WAITING_PER_CLIENT = 3;

type Refusal = { run: false; outcome: 'blocked' | 'refused' | 'denied'; message: string };
/** Allowed, on the tab resolved when it was decided (for a browser tool that acts on one). */
export type GateOutcome = { run: true; target?: CallTarget } | Refusal;

export interface GateOptions {
  clients: ClientRegistry;
  approvals: ApprovalBroker;
  activity: ActivityLog;
  /** The one switch: false, nothing external runs. */
  enabled(): Promise<boolean>;
  /** The person let a client in or allowed it more: its tool list may have grown. */
  onAllowed(): void;
  now?: () => number;
  approvalTimeoutMs?: number;
}

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
function clientGrants(client: ClientRecord, tool: HubTool, origin: string | undefined): CallGrants {
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

let counter = 0;

export function createGate(options: GateOptions) {
  const now = options.now ?? Date.now;
  const refuse = (outcome: Refusal['outcome'], message: string): Refusal => ({
    run: false,
    outcome,
    message,
  });

  async function ask(
    client: ClientRecord,
    tool: HubTool,
    args: Record<string, unknown>,
    target: CallTarget | undefined,
    signal: AbortSignal,
  ): Promise<GateOutcome> {
    const waiting = options.approvals.list().filter((view) => view.clientId === client.id);
    if (waiting.length >= MAX_WAITING_PER_CLIENT) {
      return refuse(
        'refused',
        `${MAX_WAITING_PER_CLIENT} of this client's calls already wait for the person; wait for their answers.`,
      );
    }
    counter += 1;
    const view: ApprovalView = {
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
    const decision = await options.approvals.ask(view, signal, options.approvalTimeoutMs);
    if (decision === 'approve') {
      if (client.policy === 'new') {
        await options.clients.setPolicy(client.id, 'ask');
        options.onAllowed();
      }
      return { run: true, ...(target && { target }) };
    }
    if (decision === 'always') {
      const origin = browserCallOrigin(tool, args, target);
      // A browser call whose origin cannot be told grants nothing lasting: it runs this once.
      if (tool.source !== BROWSER_SOURCE || origin !== undefined)
        await options.clients.allowAlways(client.id, tool.name, definitionOf(tool), origin);
      else if (client.policy === 'new') await options.clients.setPolicy(client.id, 'ask');
      options.onAllowed();
      return { run: true, ...(target && { target }) };
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

  async function decide(
    client: ClientRecord,
    tool: HubTool,
    args: Record<string, unknown>,
    signal: AbortSignal,
  ): Promise<GateOutcome> {
    if (!(await options.enabled()))
      return refuse('refused', 'Browser access is switched off in Patchbay.');
    if (client.policy === 'blocked')
      return refuse('blocked', 'The person blocked this client in Patchbay.');
    if (client.policy === 'read-only' && !tool.readOnly) {
      return refuse(
        'refused',
        `This client may use read-only tools only, and ${tool.name} is not one (the person chose that in Patchbay).`,
      );
    }
    // The tab is pinned now, before the person is asked or the call is let run unasked: what
    // the card names, or what the policy allowed at this moment, is what the call acts on.
    const target = await resolveTarget(tool, args);
    const origin = browserCallOrigin(tool, args, target);
    const verdict = decideCall(
      { tool: { serverId: tool.source, ...tool }, origin },
      clientGrants(client, tool, origin),
      NO_OTHER_TEXT,
    );
    if (verdict.ask) return ask(client, tool, args, target, signal);
    return { run: true, ...(target && { target }) };
  }

  /** A browser tool's tab as it is now; a tab that cannot be told is no tab to act on. */
  async function resolveTarget(
    tool: HubTool,
    args: Record<string, unknown>,
  ): Promise<CallTarget | undefined> {
    if (!tool.target) return undefined;
    try {
      return await tool.target(args);
    } catch (error) {
      return {
        missing: `Patchbay could not tell which tab this call is for (${error instanceof Error ? error.message : String(error)}).`,
      };
    }
  }

  /** Logged without holding up the answer: the log keeps its entries in order itself. */
  const log = (entry: Parameters<ActivityLog['add']>[0]) => void options.activity.add(entry);

  return {
    /**
     * Runs the call if allowed, on the tab resolved when it was decided; logs it either way.
     * Refusals are error results.
     */
    async call(
      client: ClientRecord,
      tool: HubTool,
      args: Record<string, unknown>,
      signal: AbortSignal,
      run: (target: CallTarget | undefined) => Promise<CallToolResultView>,
    ): Promise<CallToolResultView> {
      const started = now();
      const base = {
        time: started,
        clientId: client.id,
        clientName: client.name,
        tool: tool.name,
        summary: summarizeArguments(args),
      };
      const failed = (outcome: Refusal['outcome'] | 'error', message: string) => {
        log({ ...base, outcome, detail: message.slice(0, 200), durationMs: now() - started });
        return { content: [{ type: 'text', text: message }], isError: true };
      };
      try {
        const outcome = await decide(client, tool, args, signal);
        if (!outcome.run) return failed(outcome.outcome, outcome.message);
        // The switch may have gone off, or the client given up, while the person decided.
        if (!(await options.enabled()))
          return failed('refused', 'Browser access is switched off in Patchbay.');
        if (signal.aborted) return failed('denied', 'The call was cancelled.');
        const result = await run(outcome.target);
        const first = result.content[0];
        const detail =
          result.isError === true && first?.type === 'text' && typeof first.text === 'string'
            ? { detail: first.text.slice(0, 200) }
            : {};
        log({
          ...base,
          outcome: result.isError === true ? 'error' : 'ok',
          durationMs: now() - started,
          ...detail,
        });
        return result;
      } catch (error) {
        return failed('error', error instanceof Error ? error.message : String(error));
      }
    },
  };
}

export type Gate = ReturnType<typeof createGate>;
