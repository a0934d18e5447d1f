// @vitest-environment happy-dom
/**
 * A routine's run paused in a chat: the line above the chat while it waits, and the run's end
 * (`routines/run/settle`) once the person answered and the turn the panel ran is over; nothing
 * for ordinary chats.
 */
import { cleanup, render, renderHook, screen, waitFor } from '@testing-library/react';
import type { ChatStatus, UIMessage } from 'ai';
import { APICallError } from 'ai';
import { afterEach, describe, expect, it } from 'vitest';
import { PausedRunNote } from '../../components/routines/PausedRunNote';
import { STOPPED_REASON, useRunSettle } from '../../components/routines/use-run-settle';
import { describeChatError } from '../../src/ai/chat-errors';
import type { RoutineRun } from '../../src/routines/routine';
import { formatRunTime } from '../../src/routines/run-time';
import { aRoutine, aRun, HOUR, NOW, routinesBackground } from '../helpers/routines-background';

afterEach(cleanup);

const CHAT = 'chat-run-1';
const waiting = aRun({ outcome: 'waiting', waitingFor: 'send on Mail', answerBy: NOW + HOUR });

const asked: UIMessage = {
  id: 'a1',
  role: 'assistant',
  parts: [
    {
      type: 'dynamic-tool',
      toolName: 'mail__send',
      toolCallId: 'call-1',
      state: 'approval-requested',
      input: {},
      approval: { id: 'approval-1' },
    },
  ],
};
const answered = (usage?: { inputTokens?: number; outputTokens?: number }): UIMessage => ({
  id: 'a1',
  role: 'assistant',
  ...(usage && { metadata: { usage } }),
  parts: [
    {
      type: 'dynamic-tool',
      toolName: 'mail__send',
      toolCallId: 'call-1',
      state: 'output-available',
      input: {},
      output: { ok: true },
    },
    { type: 'text', text: 'Sent.' },
  ],
});

interface Props {
  status: ChatStatus;
  error?: Error;
  messages: UIMessage[];
}

function settleHook(run: RoutineRun | undefined, options: { saved?: boolean } = {}) {
  const background = routinesBackground({
    'routines/run-of-chat': () => (run ? { run } : {}),
    'routines/list': () => ({ routines: [aRoutine({ lastRun: run })] }),
    'routines/run/settle': () => ({ settled: true }),
  });
  const hook = renderHook(
    ({ status, error, messages }: Props) =>
      useRunSettle({
        client: background.client,
        chatId: CHAT,
        saved: options.saved ?? true,
        status,
        error,
        messages,
      }),
    { initialProps: { status: 'ready', messages: [asked] } as Props },
  );
  /** The person answered: the panel runs the turn to `end`. */
  const turn = (end: Props) => {
    hook.rerender({ status: 'submitted', messages: end.messages });
    hook.rerender({ status: 'streaming', messages: end.messages });
    hook.rerender(end);
  };
  return { ...background, hook, turn };
}

describe('a routine run paused in its chat', () => {
  it('is named above the chat, and ends once, done, with the answer’s tokens, when the turn ends', async () => {
    const { hook, turn, sent } = settleHook(waiting);
    await waitFor(() =>
      expect(hook.result.current.paused).toEqual({
        routineName: 'Morning brief',
        answerBy: NOW + HOUR,
      }),
    );
    expect(sent('routines/run-of-chat')[0]?.payload).toEqual({ chatId: CHAT });
    expect(sent('routines/run/settle')).toEqual([]);

    turn({ status: 'ready', messages: [answered({ inputTokens: 1200, outputTokens: 80 })] });
    await waitFor(() => expect(sent('routines/run/settle')).toHaveLength(1));
    expect(sent('routines/run/settle')[0]?.payload).toEqual({
      chatId: CHAT,
      outcome: 'done',
      usage: { inputTokens: 1200, outputTokens: 80 },
    });
    await waitFor(() => expect(hook.result.current.paused).toBeUndefined());

    // The person goes on chatting: that is no run's turn.
    turn({ status: 'ready', messages: [answered(), answered()] });
    turn({ status: 'error', error: new Error('offline'), messages: [answered()] });
    expect(sent('routines/run/settle')).toHaveLength(1);
  });

  it('ends failed, saying why, when the turn ends in an error', async () => {
    const { hook, turn, sent } = settleHook(waiting);
    await waitFor(() => expect(hook.result.current.paused).toBeDefined());
    const error = new APICallError({
      message: 'Too many requests',
      url: 'https://api.example.com',
      requestBodyValues: {},
      statusCode: 429,
      responseBody: '{"error":{"message":"Slow down."}}',
    });
    turn({ status: 'error', error, messages: [answered()] });
    await waitFor(() => expect(sent('routines/run/settle')).toHaveLength(1));
    expect(sent('routines/run/settle')[0]?.payload).toEqual({
      chatId: CHAT,
      outcome: 'failed',
      reason: describeChatError(error),
    });
  });

  it('keeps waiting when the turn stops at another approval, and ends after the next', async () => {
    const { hook, turn, sent } = settleHook(waiting);
    await waitFor(() => expect(hook.result.current.paused).toBeDefined());
    turn({ status: 'ready', messages: [answered(), { ...asked, id: 'a2' }] });
    expect(sent('routines/run/settle')).toEqual([]);
    expect(hook.result.current.paused).toBeDefined();
    turn({ status: 'ready', messages: [answered(), answered({ outputTokens: 7 })] });
    await waitFor(() => expect(sent('routines/run/settle')).toHaveLength(1));
    expect(sent('routines/run/settle')[0]?.payload).toEqual({
      chatId: CHAT,
      outcome: 'done',
      usage: { inputTokens: 0, outputTokens: 7 },
    });
  });

  it('ends failed when the person stops the turn', async () => {
    const { hook, sent } = settleHook(waiting);
    await waitFor(() => expect(hook.result.current.paused).toBeDefined());
    hook.rerender({ status: 'streaming', messages: [answered()] });
    hook.result.current.onStop();
    hook.rerender({ status: 'ready', messages: [{ ...asked, id: 'a1' }] });
    await waitFor(() => expect(sent('routines/run/settle')).toHaveLength(1));
    expect(sent('routines/run/settle')[0]?.payload).toMatchObject({
      outcome: 'failed',
      reason: STOPPED_REASON,
    });
  });

  it('follows the worker’s broadcasts: a run that pauses while open shows, one that timed out goes', async () => {
    const { hook, broadcast, turn, sent } = settleHook(undefined);
    await waitFor(() => expect(sent('routines/run-of-chat')).toHaveLength(1));
    expect(hook.result.current.paused).toBeUndefined();
    broadcast({
      type: 'routines/changed',
      payload: { routines: [aRoutine({ name: 'Inbox sweep', lastRun: waiting })] },
    });
    expect(hook.result.current.paused?.routineName).toBe('Inbox sweep');
    broadcast({
      type: 'routines/changed',
      payload: { routines: [aRoutine({ lastRun: { ...waiting, outcome: 'timed-out' } })] },
    });
    expect(hook.result.current.paused).toBeUndefined();
    turn({ status: 'ready', messages: [answered()] });
    expect(sent('routines/run/settle')).toEqual([]);
  });

  it('sends nothing for an ordinary chat, and asks nothing for a new one', async () => {
    const ordinary = settleHook(undefined);
    await waitFor(() => expect(ordinary.sent('routines/run-of-chat')).toHaveLength(1));
    ordinary.turn({ status: 'ready', messages: [answered()] });
    ordinary.turn({ status: 'error', error: new Error('offline'), messages: [answered()] });
    expect(ordinary.sent('routines/run/settle')).toEqual([]);
    expect(ordinary.hook.result.current.paused).toBeUndefined();

    const finished = settleHook(aRun({ outcome: 'done' }));
    await waitFor(() => expect(finished.sent('routines/run-of-chat')).toHaveLength(1));
    finished.turn({ status: 'ready', messages: [answered()] });
    expect(finished.sent('routines/run/settle')).toEqual([]);

    const fresh = settleHook(waiting, { saved: false });
    fresh.turn({ status: 'ready', messages: [answered()] });
    expect(fresh.requests).toEqual([]);
  });

  it('says whose run waits and until when', () => {
    render(<PausedRunNote run={{ routineName: 'Morning brief', answerBy: NOW + HOUR }} />);
    expect(screen.getByRole('status').textContent).toBe(
      `Morning brief paused here for your answer (ends at ${formatRunTime(NOW + HOUR)})`,
    );
  });
});

describe('a run’s time', () => {
  it('is absolute, in the locale and time zone asked for', () => {
    const at = Date.UTC(2030, 11, 4, 7, 0);
    expect(formatRunTime(at, { locale: 'en-GB', timeZone: 'Europe/Paris' })).toBe(
      'Wed 4 Dec, 08:00',
    );
    expect(formatRunTime(at, { locale: 'en-GB', timeZone: 'Asia/Tokyo' })).toBe('Wed 4 Dec, 16:00');
  });
});
