import type { UIMessage } from 'ai';
import { describe, expect, it } from 'vitest';
import { OUTCOME_UNKNOWN, settleInterrupted } from '../../../src/chat/interrupted';
import { callsAwaitingOutcome, withTaskResults } from '../../../src/chat/task-results';
import type { TaskView } from '../../../src/messaging/tasks-contract';

const answer = (state: string, extra: Record<string, unknown> = {}): UIMessage => ({
  id: 'a-1',
  role: 'assistant',
  parts: [
    { type: 'step-start' },
    {
      type: 'dynamic-tool',
      toolName: 'everything__simulate-research-query',
      toolCallId: 'call-1',
      state,
      input: { topic: 'tides' },
      ...extra,
    } as UIMessage['parts'][number],
  ],
});

const task = (overrides: Partial<TaskView> = {}): TaskView => ({
  callId: 'call-1',
  serverId: 'everything',
  serverName: 'Everything',
  toolName: 'simulate-research-query',
  taskId: 't-1',
  status: 'completed',
  createdAt: 1_000,
  updatedAt: 5_000,
  ttlMs: 60_000,
  result: { content: [{ type: 'text', text: 'Research report: tides' }] },
  chatId: 'chat-1',
  ...overrides,
});

describe('task results in a chat that was closed', () => {
  it('puts a completed task’s result on the call its interrupted turn left unknown', () => {
    const opened = settleInterrupted([answer('input-available')], ['a-1']);
    expect(callsAwaitingOutcome(opened)).toEqual(['call-1']);
    const [message] = withTaskResults(opened, [task()], 'chat-1');
    expect(message?.parts[1]).toMatchObject({
      state: 'output-available',
      output: {
        serverId: 'everything',
        toolName: 'simulate-research-query',
        result: { content: [{ type: 'text', text: 'Research report: tides' }] },
        durationMs: 4_000,
      },
    });
  });

  it('says why, for a task that failed or was stopped', () => {
    const opened = settleInterrupted([answer('input-available')], ['a-1']);
    const [message] = withTaskResults(
      opened,
      [task({ status: 'failed', result: undefined, error: 'The server ran out of time.' })],
      'chat-1',
    );
    expect(message?.parts[1]).toMatchObject({
      state: 'output-error',
      errorText: 'The server ran out of time.',
    });
  });

  it('leaves calls alone whose task still runs, and calls that have their outcome', () => {
    const opened = settleInterrupted([answer('input-available')], ['a-1']);
    expect(withTaskResults(opened, [task({ status: 'working' })], 'chat-1')).toEqual(opened);
    const done = [answer('output-error', { errorText: 'Failed: quota' })];
    expect(callsAwaitingOutcome(done)).toEqual([]);
    expect(withTaskResults(done, [task()], 'chat-1')).toEqual(done);
    expect((opened[0]?.parts[1] as { errorText?: string }).errorText).toBe(OUTCOME_UNKNOWN);
  });

  it('takes in only its own chat’s tasks, though another chat’s call has the same id', () => {
    const opened = settleInterrupted([answer('input-available')], ['a-1']);
    const other = task({
      chatId: 'chat-2',
      result: { content: [{ type: 'text', text: 'Not yours' }] },
    });
    const chatless = task({ chatId: undefined });
    expect(withTaskResults(opened, [other, chatless], 'chat-1')).toEqual(opened);
    const [message] = withTaskResults(opened, [other, task()], 'chat-1');
    expect(message?.parts[1]).toMatchObject({
      state: 'output-available',
      output: { result: { content: [{ type: 'text', text: 'Research report: tides' }] } },
    });
  });
});
