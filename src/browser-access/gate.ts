/**
 * Whether an external client's call may run: the switch, the client's policy, what the person
 * always allowed it, and else the person's answer in the side panel. Every call, however it
 * ends, goes in the activity log.
 */
import type { ApprovalView } from '../messaging/browser-access-contract';
import type { CallToolResultView } from '../messaging/contract';
import type { ActivityLog } from './activity-log';
import { summarizeArguments } from './activity-log';
import type { ApprovalBroker } from './approvals';
import type { ClientRegistry } from './clients';
import type { HubTool } from './hub';

type ClientRecord = NonNullable<Awaited<ReturnType<ClientRegistry['get']>>>;

export type GateOutcome =
  { run: true } | { run: false; outcome: 'blocked' | 'refused' | 'denied'; message: string };

export interface GateOptions {
  clients: ClientRegistry;
  approvals: ApprovalBroker;
  activity: ActivityLog;
  /** The one switch: false, nothing external runs. */
  enabled(): Promise<boolean>;
  now?: () => number;
  approvalTimeoutMs?: number;
}

let counter = 0;

export function createGate(options: GateOptions) {
  const now = options.now ?? Date.now;

  async function decide(
    client: ClientRecord,
    tool: HubTool,
    args: Record<string, unknown>,
    signal: AbortSignal,
  ): Promise<GateOutcome> {
    if (!(await options.enabled())) {
      return {
        run: false,
        outcome: 'refused',
        message: 'Browser access is switched off in Patchbay.',
      };
    }
    if (client.policy === 'blocked') {
      return {
        run: false,
        outcome: 'blocked',
        message: 'The person blocked this client in Patchbay.',
      };
    }
    if (client.policy === 'all') return { run: true };
    if (client.policy === 'read-only') {
      return tool.readOnly
        ? { run: true }
        : {
            run: false,
            outcome: 'refused',
            message: `This client may use read-only tools only, and ${tool.name} is not one (the person chose that in Patchbay).`,
          };
    }
    if (client.policy === 'ask' && client.alwaysAllow.includes(tool.name)) return { run: true };
    counter += 1;
    const view: ApprovalView = {
      id: `a${now().toString(36)}${counter}`,
      clientId: client.id,
      clientName: client.name,
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
      if (client.policy === 'new') await options.clients.setPolicy(client.id, 'ask');
      return { run: true };
    }
    if (decision === 'always') {
      await options.clients.allowAlways(client.id, tool.name);
      return { run: true };
    }
    const message =
      decision === 'timeout'
        ? 'Nobody answered in Patchbay in time, so the call was not run.'
        : decision === 'gone'
          ? 'The call was cancelled before the person answered.'
          : 'The person denied this call in Patchbay.';
    return { run: false, outcome: 'denied', message };
  }

  /** Logged without holding up the answer: the log keeps its entries in order itself. */
  const log = (entry: Parameters<ActivityLog['add']>[0]) => void options.activity.add(entry);

  return {
    /** Runs the call if allowed; logs it either way. Refusals are error results. */
    async call(
      client: ClientRecord,
      tool: HubTool,
      args: Record<string, unknown>,
      signal: AbortSignal,
      run: () => Promise<CallToolResultView>,
    ): Promise<CallToolResultView> {
      const started = now();
      const base = {
        time: started,
        clientId: client.id,
        clientName: client.name,
        tool: tool.name,
        summary: summarizeArguments(args),
      };
      const outcome = await decide(client, tool, args, signal);
      if (!outcome.run) {
        log({ ...base, outcome: outcome.outcome, detail: outcome.message });
        return { content: [{ type: 'text', text: outcome.message }], isError: true };
      }
      try {
        const result = await run();
        const failed = result.isError === true;
        const first = result.content[0];
        const detail =
          failed && first?.type === 'text' && typeof first.text === 'string'
            ? first.text.slice(0, 200)
            : undefined;
        log({
          ...base,
          outcome: failed ? 'error' : 'ok',
          durationMs: now() - started,
          ...(detail !== undefined && { detail }),
        });
        return result;
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        log({
          ...base,
          outcome: 'error',
          detail: message.slice(0, 200),
          durationMs: now() - started,
        });
        return { content: [{ type: 'text', text: message }], isError: true };
      }
    },
  };
}

export type Gate = ReturnType<typeof createGate>;
