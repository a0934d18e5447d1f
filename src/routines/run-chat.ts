/**
 * A routine run's chat in history: opened with the routine's prompt as the person's words,
 * written as each model request streams (src/chat/chat-writer.ts), and settled when stopped.
 */
import { readUIMessageStream, type UIMessage, type ChatTransport } from 'ai';
import { chatModelOf } from '../models/chat-model';
import { CONTINUE_BODY } from '../chat-turn/continue-answer';
import { describeChatError } from '../chat-turn/chat-errors';
import { createChatWriter } from '../chat/chat-writer';
import type { ConversationStore } from '../chat/history';
import { settleInterrupted, settleStopped } from '../chat/interrupted';
import { typedMetadata } from '../chat-message/message-origin';
import type { RunWork } from '../messaging/routines-contract';
import { stepEnded } from './run-answers';

/** Where the run's chat is kept. */
export interface RunChat {
  history: ConversationStore;
  chatId: string;
}

/** Writes the run's chat, from `stored` on. */
function writerFor({ history, chatId }: RunChat, stored: UIMessage[]) {
  return createChatWriter({
    store: history,
    conversationId: chatId,
    stored,
    onSaved: () => undefined,
    onError: () => undefined,
  });
}

/**
 * The run's chat as stored, an answer cut off mid-call settled (whether a call under way then
 * finished is not known, and the model reads that rather than a call that seems never made, as
 * the chat does); a new chat with the routine's prompt when there is none.
 */
export async function openRunChat(
  work: RunWork & { settings: NonNullable<RunWork['settings']> },
  options: {
    history: ConversationStore;
    newId: () => string;
    timeLabel: (at: number, timeZone: string) => string;
  },
): Promise<{ messages: UIMessage[]; cutOff: boolean }> {
  const { run, routine, settings } = work;
  const { history } = options;
  const opened = await history.get(run.chatId);
  const messages = opened ? settleInterrupted(opened.messages, opened.interrupted) : [];
  const cutOff = opened?.interrupted.includes(messages.at(-1)?.id ?? '') ?? false;
  if (messages.length) return { messages, cutOff };
  const prompt: UIMessage = {
    id: options.newId(),
    role: 'user',
    parts: [{ type: 'text', text: routine.prompt }],
    // The person wrote the prompt in the routine's editor: the chat's words are theirs, but
    // for the pages it quotes.
    metadata: {
      ...typedMetadata(routine.quoted),
      routine: { id: routine.id, name: routine.name, runId: run.id },
    },
  };
  const label = options.timeLabel(run.startedAt, routine.timeZone);
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
  return { messages: [prompt], cutOff };
}

/** The person stopped the run: its answer's unfinished calls say they were cancelled, saved so. */
export async function saveStopped(chat: RunChat, current: UIMessage[]): Promise<void> {
  const answer = current.at(-1);
  if (answer?.role !== 'assistant') return;
  const writer = writerFor(chat, current);
  writer.update([...current.slice(0, -1), settleStopped(answer)], 'complete', true);
  await writer.flush();
}

/** One request to the model, saved as it streams: the chat after it, and a failure's words. */
export async function modelStep(
  chat: RunChat & { transport: ChatTransport<UIMessage>; signal: AbortSignal | undefined },
  current: UIMessage[],
  resume: boolean,
): Promise<{ messages: UIMessage[]; failure: string | undefined }> {
  const last = current.at(-1);
  const continuing = last?.role === 'assistant' ? last : undefined;
  const base = continuing ? current.slice(0, -1) : current;
  const writer = writerFor(chat, current);
  let failure: string | undefined;
  let latest = current;
  try {
    const stream = await chat.transport.sendMessages({
      chatId: chat.chatId,
      messages: current,
      trigger: 'submit-message',
      messageId: undefined,
      abortSignal: chat.signal,
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
  return { messages: latest, failure };
}
