import type { UIMessage } from 'ai';
import { useEffect, useRef, useState } from 'react';
import { useClient } from '../shared/client-context';
import { useRunOfChat } from './use-run-of-chat';

/** A routine's run in this chat, as the line above it says. */
export interface RunInChat {
  routineName: string | undefined;
  /** It waits for the person's answer here, or goes on in the background. */
  state: 'waiting' | 'running';
  /** When it ends if nobody answers (ms). */
  answerBy: number | undefined;
}

/** Times a hand-back is tried when the background does not answer (it may be restarting). */
const HAND_BACK_TRIES = 3;
const RETRY_MS = 1500;

const hasState = (message: UIMessage | undefined, state: string) =>
  message?.parts.some((part) => 'state' in part && part.state === state) ?? false;

/**
 * A routine's run that lives in this chat. While it waits for the person, the panel does not
 * go on itself once they answer: their answers are saved, and the run is handed back to the
 * runner (`routines/run/resume`), which goes on with the routine's servers and grants, with
 * the panel open or not. While the run goes on, the chat is the runner's to write (the composer
 * waits), and when it moves on the chat is read again (`onRunMoved`). A chat with no saved
 * message (a new one) is no run's and asks nothing.
 */
export function useRunHandBack(options: {
  chatId: string;
  /** The chat opened with saved messages. */
  saved: boolean;
  messages: readonly UIMessage[];
  /** Writes what the panel has not written yet. */
  flush(): Promise<void>;
  /** The run moved on (ended, or waits again): the chat is read again from history. */
  onRunMoved(): void;
  /** Set while the run waits here: the chat's automatic send must not go on itself. */
  handsBackRef: { current: boolean };
}) {
  const { chatId, saved, messages } = options;
  const client = useClient();
  const { run, setRun, routineName } = useRunOfChat(chatId, saved, options.onRunMoved);
  const [handBackFailed, setHandBackFailed] = useState(false);
  const { handsBackRef } = options;
  const sent = useRef(false);
  const flush = useRef(options.flush);
  useEffect(() => {
    flush.current = options.flush;
  });

  const waiting = run?.outcome === 'waiting';
  // Stopped by the person, and its runner not done settling the chat: an approval given here
  // meanwhile must not make the panel run the call itself.
  const holding = waiting || run?.stopRequested === true;
  useEffect(() => {
    handsBackRef.current = holding;
  }, [holding, handsBackRef]);

  // Every call it waited for is answered: saved first, then handed back.
  const last = messages.at(-1);
  const answered =
    waiting &&
    last?.role === 'assistant' &&
    !hasState(last, 'approval-requested') &&
    hasState(last, 'approval-responded');
  useEffect(() => {
    if (!answered || sent.current) return;
    sent.current = true;
    void (async () => {
      for (let attempt = 1; attempt <= HAND_BACK_TRIES; attempt += 1) {
        try {
          await flush.current();
          const { run: resumed } = await client.request('routines/run/resume', { chatId });
          if (resumed) setRun(resumed);
          return;
        } catch {
          await new Promise((done) => setTimeout(done, RETRY_MS));
        }
      }
      setHandBackFailed(true);
    })();
  }, [answered, client, chatId, setRun]);

  const inChat: RunInChat | undefined =
    run && (run.outcome === 'waiting' || run.outcome === 'running')
      ? { routineName, state: run.outcome, answerBy: run.answerBy }
      : undefined;
  return {
    run: inChat,
    /** The run could not be handed back: it ends when its answer time is up. */
    handBackFailed,
  };
}
