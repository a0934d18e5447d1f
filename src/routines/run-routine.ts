/**
 * One routine run, in the routine runner (entrypoints/offscreen/runner.worker.ts): the routine's
 * prompt as the person's words in a chat of its own, answered by the chat's own transport
 * (src/chat-turn/chat-transport.ts) with only the routine's servers, and the routine's ticked tools
 * as the grants. Every step is saved as it streams (src/chat/chat-writer.ts), so a stop resumes
 * from the last saved step. A call the rules say must ask ends the step with its approval card: the
 * run then waits for the person, who answers in the panel.
 */
import { readUIMessageStream, type UIMessage, type ChatTransport } from 'ai';
import { addUsage, readAnswerMetadata, type AnswerUsage } from '../chat/answer-metadata';
import type { ApprovalSettings } from '../policy/grants';
import { chatModelOf } from '../models/chat-model';
import { CONTINUE_BODY } from '../chat-turn/continue-answer';
import { describeChatError } from '../chat-turn/chat-errors';
import { providerName } from '../model-tools/tool-names';
import { createChatWriter } from '../chat/chat-writer';
import type { ConversationStore } from '../chat/history';
import { settleInterrupted, settleStopped } from '../chat/interrupted';
import { typedMetadata } from '../chat/message-origin';
import type { PatchbayClient } from '../messaging/client';
import type { ServerView, ToolView } from '../messaging/contract';
import type { RunWork } from '../messaging/routines-contract';
import { cutReason, type Routine, type RunUsage } from './routine';
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
  const newId = options.newId ?? (() => crypto.randomUUID());
  const stopped = () => run.stopRequested === true || options.signal?.aborted === true;
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
  const opened = await history.get(run.chatId);
  // An answer cut off mid-call says so: whether a call under way then finished is not known,
  // and the model reads that rather than a call that seems never made (as the chat does).
  let messages: UIMessage[] = opened ? settleInterrupted(opened.messages, opened.interrupted) : [];
  let cutOff = opened?.interrupted.includes(messages.at(-1)?.id ?? '') ?? false;
  if (!messages.length) {
    const prompt: UIMessage = {
      id: newId(),
      role: 'user',
      parts: [{ type: 'text', text: routine.prompt }],
      // The person wrote the prompt in the routine's editor: the chat's words are theirs, but
      // for the pages it quotes.
      metadata: {
        ...typedMetadata(routine.quoted),
        routine: { id: routine.id, name: routine.name, runId: run.id },
      },
    };
    const label = (options.timeLabel ?? defaultTimeLabel)(run.startedAt, routine.timeZone);
    const at = Date.now();
    // One write: the chat, titled with the routine and its time, marked as the routine's.
    await history.save({
      id: run.chatId,
      title: `${routine.name} · ${label}`,
      createdAt: at,
      updatedAt: at,
      model: routine.model ?? chatModelOf(settings),
      routineId: routine.id,
      messages: [prompt],
    });
    messages = [prompt];
  }
  const transport = options.transport(work);
  for (let request = 0; request < MAX_REQUESTS; request += 1) {
    if (stopped()) return finishStopped(messages);
    const last = messages.at(-1);
    // An answer is over unless it was cut off, or the person just answered its calls.
    if (last?.role === 'assistant' && !cutOff && !answeredCalls(last)) {
      const waiting = waitingCalls(last);
      if (!waiting.length) {
        return options.report({ runId: run.id, outcome: 'done', ...usageOf(messages) });
      }
      // The tools as listed now, for the notification's words.
      const { tools } = await client.request('mcp/tools/list');
      return options.report({
        runId: run.id,
        outcome: 'waiting',
        waitingFor: describeCalls(waiting, tools, servers),
        ...usageOf(messages),
      });
    }
    const failure = await step(messages, cutOff);
    if (stopped()) return finishStopped(messages);
    if (failure !== undefined) {
      return options.report({
        runId: run.id,
        outcome: 'failed',
        reason: cutReason(failure),
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

  /** Writes the run's chat, from `stored` on (src/chat/chat-writer.ts). */
  function writerFor(stored: UIMessage[]) {
    return createChatWriter({
      store: history,
      conversationId: run.chatId,
      stored,
      onSaved: () => undefined,
      onError: () => undefined,
    });
  }

  /**
   * The person stopped the run: its answer's unfinished calls say they were cancelled, the chat
   * is saved so, and only then is the run reported stopped (whoever reads the run as over finds
   * its chat final).
   */
  async function finishStopped(current: UIMessage[]): Promise<void> {
    const answer = current.at(-1);
    if (answer?.role === 'assistant') {
      const writer = writerFor(current);
      writer.update([...current.slice(0, -1), settleStopped(answer)], 'complete', true);
      await writer.flush();
    }
    return options.report({ runId: run.id, outcome: 'stopped', ...usageOf(current) });
  }

  /** One request to the model, saved as it streams; a failure's words, or undefined. */
  async function step(current: UIMessage[], resume: boolean): Promise<string | undefined> {
    const last = current.at(-1);
    const continuing = last?.role === 'assistant' ? last : undefined;
    const base = continuing ? current.slice(0, -1) : current;
    const writer = writerFor(current);
    let failure: string | undefined;
    let latest = current;
    try {
      const stream = await transport.sendMessages({
        chatId: run.chatId,
        messages: current,
        trigger: 'submit-message',
        messageId: undefined,
        abortSignal: options.signal,
        ...(resume && { body: CONTINUE_BODY }),
      });
      for await (const message of readUIMessageStream({
        ...(continuing && { message: continuing }),
        stream,
        // The stream's errors are already in words (the chat transport's describeChatError).
        onError: (error) => {
          failure = error instanceof Error ? error.message : String(error);
        },
      })) {
        latest = [...base, message];
        // A finished step is written at once, the text between within the writer's interval.
        writer.update(latest, 'streaming', stepEnded(message));
      }
    } catch (error) {
      failure ??= describeChatError(error);
    }
    writer.update(latest, 'complete', true);
    await writer.flush();
    messages = latest;
    return failure;
  }
}

/** The person answered an answer's calls (in the panel): the model goes on with them. */
function answeredCalls(message: UIMessage): boolean {
  return message.parts.some((part) => 'state' in part && part.state === 'approval-responded');
}

/** The calls in an answer that wait for the person's approval. */
function waitingCalls(message: UIMessage) {
  return message.parts.flatMap((part) =>
    'toolCallId' in part && 'state' in part && part.state === 'approval-requested'
      ? [(part as { toolName?: string; type: string }).toolName ?? part.type.replace(/^tool-/, '')]
      : [],
  );
}

function describeCalls(
  names: readonly string[],
  tools: readonly ToolView[],
  servers: readonly ServerView[],
): string {
  const words = names.map((name) => {
    const tool = tools.find((view) => providerName(view) === name);
    if (!tool) return name;
    const server = servers.find((each) => each.id === tool.serverId)?.name ?? tool.serverId;
    return `${tool.name} on ${server}`;
  });
  return [...new Set(words)].join(', ').slice(0, 300);
}

function stepEnded(message: UIMessage): boolean {
  const last = message.parts.at(-1);
  return (
    last?.type === 'step-start' ||
    (last !== undefined && 'state' in last && last.state === 'output-available')
  );
}

/** Every answer's tokens in the run. */
function usageOf(messages: readonly UIMessage[]): { usage?: RunUsage } {
  let total: AnswerUsage | undefined;
  for (const message of messages) {
    if (message.role !== 'assistant') continue;
    const usage = readAnswerMetadata(message).usage;
    if (usage) {
      total = addUsage(total, {
        inputTokens: usage.inputTokens,
        outputTokens: usage.outputTokens,
        totalTokens: usage.totalTokens,
      });
    }
  }
  if (!total) return {};
  return { usage: { inputTokens: total.inputTokens ?? 0, outputTokens: total.outputTokens ?? 0 } };
}

function defaultTimeLabel(at: number, timeZone: string): string {
  return new Intl.DateTimeFormat(undefined, {
    timeZone,
    dateStyle: 'medium',
    timeStyle: 'short',
  }).format(at);
}
