// @vitest-environment happy-dom
/**
 * A routine's run in a chat: the line above the chat while it waits or goes on, and its
 * hand-back (`routines/run/resume`) once the person answered every call it waits for, after the
 * answers are saved; nothing for ordinary chats.
 */
import { cleanup, render, renderHook, screen, waitFor } from '@testing-library/react';
import type { UIMessage } from 'ai';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PausedRunNote } from '../../../../components/routines/PausedRunNote';
import { useRunHandBack } from '../../../../components/routines/use-run-hand-back';
import type { RoutineRun } from '../../../../src/routines/routine';
import { formatRunTime } from '../../../../src/routines/run-time';
import {
  aRoutine,
  aRun,
  HOUR,
  NOW,
  routinesBackground,
} from '../../../helpers/routines-background';
import { withClient } from '../../../helpers/with-client';

afterEach(cleanup);

const CHAT = 'chat-run-1';
const waiting = aRun({ outcome: 'waiting', waitingFor: 'send on Mail', answerBy: NOW + HOUR });

const call = (state: string, id = 'call-1') => ({
  type: 'dynamic-tool' as const,
  toolName: 'mail__send',
  toolCallId: id,
  state,
  input: {},
  approval: { id: `approval-${id}`, ...(state === 'approval-responded' && { approved: true }) },
});
const answer = (...parts: ReturnType<typeof call>[]): UIMessage =>
  ({ id: 'a1', role: 'assistant', parts }) as unknown as UIMessage;

function handBackHook(run: RoutineRun | undefined, options: { saved?: boolean } = {}) {
  const order: string[] = [];
  const background = routinesBackground({
    'routines/run-of-chat': () => (run ? { run } : {}),
    'routines/list': () => ({ routines: [aRoutine({ lastRun: run })] }),
    'routines/run/resume': () => {
      order.push('resume');
      return { run: { ...waiting, outcome: 'running' } };
    },
  });
  const handsBackRef = { current: false };
  const onRunMoved = vi.fn();
  const hook = renderHook(
    ({ messages }: { messages: UIMessage[] }) =>
      useRunHandBack({
        chatId: CHAT,
        saved: options.saved ?? true,
        messages,
        flush: async () => void order.push('flush'),
        onRunMoved,
        handsBackRef,
      }),
    {
      initialProps: { messages: [answer(call('approval-requested'))] },
      wrapper: withClient(background.client),
    },
  );
  return { ...background, hook, handsBackRef, onRunMoved, order };
}

describe('a routine’s run in its chat', () => {
  it('keeps the panel from going on itself, and hands the run back once every call is answered', async () => {
    const { hook, handsBackRef, sent, order } = handBackHook(waiting);
    await waitFor(() => expect(hook.result.current.run?.state).toBe('waiting'));
    expect(handsBackRef.current).toBe(true);
    // One of two calls answered: still waiting for the other.
    hook.rerender({
      messages: [answer(call('approval-responded'), call('approval-requested', 'call-2'))],
    });
    expect(sent('routines/run/resume')).toHaveLength(0);
    hook.rerender({
      messages: [answer(call('approval-responded'), call('approval-responded', 'call-2'))],
    });
    await waitFor(() => expect(sent('routines/run/resume')).toHaveLength(1));
    // The answers were saved before the runner reads them.
    expect(order).toEqual(['flush', 'resume']);
    expect(sent('routines/run/resume')[0]?.payload).toEqual({ chatId: CHAT });
    await waitFor(() => expect(hook.result.current.run?.state).toBe('running'));
    expect(handsBackRef.current).toBe(false);
    hook.rerender({
      messages: [answer(call('approval-responded'), call('approval-responded', 'call-2'))],
    });
    expect(sent('routines/run/resume')).toHaveLength(1);
  });

  it('reads the chat again when the run it follows moves on', async () => {
    const running = aRun({ outcome: 'running' });
    const { hook, broadcast, onRunMoved } = handBackHook(running);
    await waitFor(() => expect(hook.result.current.run?.state).toBe('running'));
    expect(onRunMoved).not.toHaveBeenCalled();
    broadcast({
      type: 'routines/changed',
      payload: { routines: [aRoutine({ lastRun: { ...running, outcome: 'done' } })] },
    });
    expect(onRunMoved).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(hook.result.current.run).toBeUndefined());
  });

  it('keeps the panel from running an approval given after Stop, until the runner settled the chat', async () => {
    const { hook, handsBackRef, broadcast, onRunMoved, sent } = handBackHook(waiting);
    await waitFor(() => expect(handsBackRef.current).toBe(true));
    // The person pressed Stop: the run goes to a runner to be settled.
    const stopping = { ...waiting, outcome: 'running' as const, stopRequested: true as const };
    broadcast({
      type: 'routines/changed',
      payload: { routines: [aRoutine({ lastRun: stopping })] },
    });
    await waitFor(() => expect(hook.result.current.run?.state).toBe('running'));
    expect(handsBackRef.current).toBe(true);
    // An approval given meanwhile is neither handed back nor run by the panel.
    hook.rerender({ messages: [answer(call('approval-responded'))] });
    expect(sent('routines/run/resume')).toHaveLength(0);
    expect(handsBackRef.current).toBe(true);
    // Settled and stopped: the chat is read again, and it is the person's again.
    broadcast({
      type: 'routines/changed',
      payload: { routines: [aRoutine({ lastRun: { ...waiting, outcome: 'stopped' } })] },
    });
    expect(onRunMoved).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(handsBackRef.current).toBe(false));
  });

  it('asks nothing for a new chat, and nothing of an ordinary one', async () => {
    const fresh = handBackHook(waiting, { saved: false });
    expect(fresh.requests).toEqual([]);
    const ordinary = handBackHook(undefined);
    await waitFor(() => expect(ordinary.sent('routines/run-of-chat')).toHaveLength(1));
    expect(ordinary.hook.result.current.run).toBeUndefined();
    expect(ordinary.handsBackRef.current).toBe(false);
  });

  it('says whose run it is, until when it waits, and that it goes on in the background', () => {
    const { rerender } = render(
      <PausedRunNote
        run={{ routineName: 'Morning summary', state: 'waiting', answerBy: NOW + HOUR }}
      />,
    );
    screen.getByText(
      `Morning summary paused here for your answer (ends at ${formatRunTime(NOW + HOUR)})`,
    );
    rerender(
      <PausedRunNote
        run={{ routineName: 'Morning summary', state: 'running', answerBy: undefined }}
      />,
    );
    screen.getByText(/Morning summary goes on in the background/);
  });
});
