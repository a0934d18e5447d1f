import type { ChatStatus, UIMessage } from 'ai';
import { useEffect, useRef, useState } from 'react';
import { readAnswerMetadata } from '../../src/ai/answer-metadata';
import { describeChatError } from '../../src/ai/chat-errors';
import type { PatchbayClient } from '../../src/messaging/client';
import type { RoutineRun, RunUsage } from '../../src/routines/routine';

/** A routine's run that waits for the person in this chat, as the line above it says. */
export interface PausedRun {
  routineName: string | undefined;
  /** When it ends if nobody answers (ms). */
  answerBy: number | undefined;
}

export const STOPPED_REASON = 'Stopped in the chat.';

const awaitsApproval = (message: UIMessage | undefined) =>
  message?.parts.some(
    (part) => part.type === 'dynamic-tool' && part.state === 'approval-requested',
  ) ?? false;

/** The tokens the answer's metadata counts (every request it took), when it has any. */
function usageOf(message: UIMessage | undefined): RunUsage | undefined {
  const usage = message?.role === 'assistant' ? readAnswerMetadata(message).usage : undefined;
  if (usage?.inputTokens === undefined && usage?.outputTokens === undefined) return undefined;
  return { inputTokens: usage.inputTokens ?? 0, outputTokens: usage.outputTokens ?? 0 };
}

/**
 * A routine's run paused in this chat for the person's answer: which routine and until when,
 * for the line above the transcript; and, once the person answered and the turn the panel ran
 * ends (ready, or an error), `routines/run/settle` with how it ended, sent once. A turn that
 * stops at another approval leaves the run waiting. A chat with no saved message (a new one)
 * is no run's and asks nothing.
 */
export function useRunSettle(options: {
  client: PatchbayClient;
  chatId: string;
  /** The chat opened with saved messages. */
  saved: boolean;
  status: ChatStatus;
  error: Error | undefined;
  messages: readonly UIMessage[];
}) {
  const { client, chatId, saved, status, error, messages } = options;
  const [run, setRun] = useState<RoutineRun | undefined>();
  const [routineName, setRoutineName] = useState<string | undefined>();
  // A turn ran since the run was known waiting; the settle went; the person pressed Stop.
  const turnRan = useRef(false);
  const settled = useRef(false);
  const stopped = useRef(false);

  useEffect(() => {
    if (!saved) return;
    let live = true;
    void client
      .request('routines/run-of-chat', { chatId })
      .then(async ({ run: found }) => {
        if (!live || found?.outcome !== 'waiting') return;
        setRun(found);
        const { routines } = await client.request('routines/list');
        if (live) setRoutineName(routines.find(({ id }) => id === found.routineId)?.name);
      })
      .catch(() => undefined);
    const unsubscribe = client.onBroadcast((message) => {
      if (message.type !== 'routines/changed') return;
      const routine = message.payload.routines.find(({ lastRun }) => lastRun?.chatId === chatId);
      if (!routine?.lastRun) return;
      setRun(routine.lastRun);
      setRoutineName(routine.name);
    });
    return () => {
      live = false;
      unsubscribe();
    };
  }, [client, chatId, saved]);

  const waiting = run?.outcome === 'waiting';
  useEffect(() => {
    if (!waiting || settled.current) return;
    if (status === 'submitted' || status === 'streaming') {
      // A new turn: a Stop pressed in an earlier one no longer counts.
      if (!turnRan.current) stopped.current = false;
      turnRan.current = true;
      return;
    }
    if (!turnRan.current) return;
    turnRan.current = false;
    const last = messages.at(-1);
    // Another call asks: the run still waits for the person, here.
    if (status === 'ready' && !stopped.current && awaitsApproval(last)) return;
    settled.current = true;
    const failed = status === 'error' || stopped.current;
    const reason = status === 'error' ? describeChatError(error) : STOPPED_REASON;
    const usage = usageOf(last);
    void client
      .request('routines/run/settle', {
        chatId,
        outcome: failed ? 'failed' : 'done',
        ...(failed ? { reason: reason.slice(0, 500) } : {}),
        ...(usage ? { usage } : {}),
      })
      .then(
        () =>
          setRun((previous) => previous && { ...previous, outcome: failed ? 'failed' : 'done' }),
        () => undefined, // the worker ends the run when its answer time is up
      );
  }, [client, chatId, waiting, status, error, messages]);

  const paused: PausedRun | undefined =
    run?.outcome === 'waiting' ? { routineName, answerBy: run.answerBy } : undefined;
  return {
    paused,
    /** The person pressed Stop: the turn that ends now ends the run as stopped. */
    onStop: () => {
      stopped.current = true;
    },
  };
}
