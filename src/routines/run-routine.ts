/**
 * One routine run, in the routine runner (entrypoints/offscreen/runner.worker.ts): the routine's
 * prompt as the person's words in a chat of its own, answered by the chat's own transport
 * (src/chat-turn/chat-transport.ts) with only the routine's servers, and the routine's ticked tools
 * as the grants. Every step is saved as it streams (src/chat/chat-writer.ts), so a stop resumes
 * from the last saved step. A call the rules say must ask ends the step with its approval card: the
 * run then waits for the person, who answers in the panel.
 */
import type { UIMessage, ChatTransport } from 'ai';
import type { ApprovalSettings } from '../policy/grants';
import type { ConversationStore } from '../chat/history';
import type { PatchbayClient } from '../messaging/client';
import type { ServerView } from '../messaging/contract';
import type { RunWork } from '../messaging/routines-contract';
import { cutReason, type Routine } from './routine';
import { answeredCalls, describeCalls, usageOf, waitingCalls } from './run-answers';
import { modelStep, openRunChat, saveStopped } from './run-chat';
import type { RunReport } from './run-desk';
import { runBlockers } from './run-blockers';

/** Model requests one run may make before it stops (each ends with an answer or approvals). */
const MAX_REQUESTS = 6;

export interface RunRoutineOptions {
  client: PatchbayClient;
  history: ConversationStore;
  /** The chat transport for this run (src/chat-turn/chat-transport.ts with the run's grants). */
  transport(work: RunWork): ChatTransport<UIMessage>;
  report(report: RunReport): Promise<void>;
  /**
   * Aborts when the person stopped the run (or deleted its routine): the run lets go of the
   * model's answer and ends, its chat's unfinished calls marked cancelled, reported stopped.
   */
  signal?: AbortSignal;
  newId?: () => string;
  /** How the run's time is written in its chat's title. */
  timeLabel?: (at: number, timeZone: string) => string;
}

/** The routine's ticked tools, as the chat's "Always allow" grants (src/policy/grants.ts). */
export function routineGrants(routine: Pick<Routine, 'tools'>): ApprovalSettings {
  const grants: ApprovalSettings = {};
  for (const tool of routine.tools) {
    const server = (grants[tool.serverId] ??= { readOnlyWithoutAsking: false, alwaysAllow: [] });
    server.alwaysAllow.push({ name: tool.name, definition: tool.definition });
  }
  return grants;
}

export async function runRoutine(work: RunWork, options: RunRoutineOptions): Promise<void> {
  const { run, routine } = work;
  const { client, history } = options;
  const chat = { history, chatId: run.chatId };
  const stopped = () => run.stopRequested === true || options.signal?.aborted === true;
  /**
   * The person stopped the run: its chat is saved settled, and only then is the run reported
   * stopped (whoever reads the run as over finds its chat final).
   */
  const finishStopped = async (current: UIMessage[]) => {
    await saveStopped(chat, current);
    return options.report({ runId: run.id, outcome: 'stopped', ...usageOf(current) });
  };
  // Stopped while it waited for the person (or before this runner took it): settled here.
  if (stopped()) return finishStopped((await history.get(run.chatId))?.messages ?? []);
  // Only a run the person stopped comes without a model's settings (run-desk.ts).
  const { settings } = work;
  if (!settings) {
    return options.report({ runId: run.id, outcome: 'failed', reason: 'No model is set up.' });
  }
  const { servers } = await client.request('mcp/servers/get');
  const blocked = await runBlockers(client, routine, servers);
  if (blocked) {
    return options.report({ runId: run.id, outcome: 'failed', ...blocked });
  }
  let { messages, cutOff } = await openRunChat(
    { ...work, settings },
    {
      history,
      newId: options.newId ?? (() => crypto.randomUUID()),
      timeLabel: options.timeLabel ?? defaultTimeLabel,
    },
  );
  const stepping = { ...chat, transport: options.transport(work), signal: options.signal };
  for (let request = 0; request < MAX_REQUESTS; request += 1) {
    if (stopped()) return finishStopped(messages);
    const last = messages.at(-1);
    // An answer is over unless it was cut off, or the person just answered its calls.
    if (last?.role === 'assistant' && !cutOff && !answeredCalls(last)) {
      return options.report(await answerOver(run.id, messages, last, client, servers));
    }
    const step = await modelStep(stepping, messages, cutOff);
    messages = step.messages;
    if (stopped()) return finishStopped(messages);
    if (step.failure !== undefined) {
      return options.report({
        runId: run.id,
        outcome: 'failed',
        reason: cutReason(step.failure),
        ...usageOf(messages),
      });
    }
    cutOff = false;
  }
  return options.report({
    runId: run.id,
    outcome: 'failed',
    reason: `It made ${MAX_REQUESTS} requests to the model without finishing.`,
    ...usageOf(messages),
  });
}

/** The model's answer is over: the run is done, or waits for the person to answer its calls. */
async function answerOver(
  runId: string,
  messages: UIMessage[],
  last: UIMessage,
  client: PatchbayClient,
  servers: readonly ServerView[],
): Promise<RunReport> {
  const waiting = waitingCalls(last);
  if (!waiting.length) return { runId, outcome: 'done', ...usageOf(messages) };
  // The tools as listed now, for the notification's words.
  const { tools } = await client.request('mcp/tools/list');
  return {
    runId,
    outcome: 'waiting',
    waitingFor: describeCalls(waiting, tools, servers),
    ...usageOf(messages),
  };
}

function defaultTimeLabel(at: number, timeZone: string): string {
  return new Intl.DateTimeFormat(undefined, {
    timeZone,
    dateStyle: 'medium',
    timeStyle: 'short',
  }).format(at);
}
