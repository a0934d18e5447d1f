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
import { decideCall, NO_OTHER_TEXT } from '../policy/call-policy';
import type { CallTarget } from '../browser-tools/tab-target';
import { text } from '../browser-tools/tool-handler';
import type { CallToolResultView } from '../messaging/contract';
import type { ActivityLog } from './activity-log';
import { summarizeArguments } from './activity-log';
import type { ClientRecord } from './client-record';
import { browserCallOrigin, clientGrants } from './client-grants';
import {
  allowed,
  askPerson,
  refuse,
  type ApprovalOptions,
  type GateOutcome,
  type Refusal,
} from './gate-approval';
import type { HubTool } from './hub';
import { errorMessage } from '../errors/error-message';

/** Why nothing external runs while the switch is off. */
export const SWITCHED_OFF = 'Browser access is switched off in Patchbay.';

export interface GateOptions extends ApprovalOptions {
  activity: ActivityLog;
  /** The one switch: false, nothing external runs. */
  enabled(): Promise<boolean>;
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
      missing: `Patchbay could not tell which tab this call is for (${errorMessage(error)}).`,
    };
  }
}

export function createGate(options: GateOptions) {
  const now = options.now ?? Date.now;
  async function decide(
    client: ClientRecord,
    tool: HubTool,
    args: Record<string, unknown>,
    signal: AbortSignal,
  ): Promise<GateOutcome> {
    if (!(await options.enabled())) return refuse('refused', SWITCHED_OFF);
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
    if (verdict.ask) return askPerson(options, { client, tool, args, target }, signal);
    return allowed(target);
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
        return text(message, true);
      };
      try {
        const outcome = await decide(client, tool, args, signal);
        if (!outcome.run) return failed(outcome.outcome, outcome.message);
        // The switch may have gone off, or the client given up, while the person decided.
        if (!(await options.enabled())) return failed('refused', SWITCHED_OFF);
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
        return failed('error', errorMessage(error));
      }
    },
  };
}

export type Gate = ReturnType<typeof createGate>;
