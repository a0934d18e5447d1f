import type { UIMessage } from 'ai';
import { describe, expect, it } from 'vitest';
import {
  NOT_RUN,
  NOT_RUN_UNSIGNED,
  OUTCOME_UNKNOWN,
  STOPPED_RUN,
  settleInterrupted,
  settleStopped,
  settleUnsigned,
} from '../../../src/chat/interrupted';
import {
  CONTINUE_INSTRUCTION,
  isContinueRequest,
  withContinueInstruction,
} from '../../../src/chat-turn/continue-answer';

const call = (id: string, rest: Record<string, unknown>) => ({
  type: 'dynamic-tool' as const,
  toolName: 's__t',
  toolCallId: id,
  input: { n: 1 },
  ...rest,
});

const cut: UIMessage = {
  id: 'a',
  role: 'assistant',
  parts: [
    { type: 'step-start' },
    { type: 'reasoning', text: 'thinking', state: 'streaming' },
    { type: 'text', text: 'Half an ans', state: 'streaming' },
    call('asking', { state: 'input-streaming', input: undefined }),
    call('running', { state: 'input-available' }),
    call('waiting', { state: 'approval-requested', approval: { id: 'w' } }),
    call('approved', { state: 'approval-responded', approval: { id: 'p', approved: true } }),
    call('denied', { state: 'approval-responded', approval: { id: 'd', approved: false } }),
    call('done', { state: 'output-available', output: 'ok' }),
  ] as UIMessage['parts'],
};

describe('a turn that never finished', () => {
  it('keeps what it had, never runs a call again, and keeps a waiting approval waiting', () => {
    const [settled] = settleInterrupted([cut], ['a']);
    const byId = new Map(
      settled!.parts.filter((part) => 'toolCallId' in part).map((part) => [part.toolCallId, part]),
    );
    expect(settled!.parts[1]).toMatchObject({ text: 'thinking', state: 'done' });
    expect(settled!.parts[2]).toMatchObject({ text: 'Half an ans', state: 'done' });
    expect(byId.get('asking')).toMatchObject({
      state: 'output-error',
      errorText: NOT_RUN,
      input: {},
    });
    expect(byId.get('running')).toMatchObject({
      state: 'output-error',
      errorText: OUTCOME_UNKNOWN,
    });
    expect(byId.get('approved')).toMatchObject({
      state: 'output-error',
      errorText: OUTCOME_UNKNOWN,
      approval: { approved: true },
    });
    expect(byId.get('waiting')).toMatchObject({ state: 'approval-requested' });
    expect(byId.get('denied')).toMatchObject({ state: 'output-denied' });
    expect(byId.get('done')).toMatchObject({ state: 'output-available', output: 'ok' });
  });

  it('cancels every unfinished call of a routine run the person stopped, waiting ones too', () => {
    const settled = settleStopped(cut);
    const byId = new Map(
      settled.parts.filter((part) => 'toolCallId' in part).map((part) => [part.toolCallId, part]),
    );
    expect(settled.parts[2]).toMatchObject({ text: 'Half an ans', state: 'done' });
    for (const id of ['asking', 'running', 'waiting', 'approved'])
      expect(byId.get(id)).toMatchObject({ state: 'output-error', errorText: STOPPED_RUN });
    expect(byId.get('asking')).toMatchObject({ input: {} });
    // The person's own answer stays to be seen; a request nobody answered goes.
    expect(byId.get('approved')).toMatchObject({ approval: { approved: true } });
    expect(byId.get('waiting')).not.toHaveProperty('approval');
    expect(byId.get('denied')).toMatchObject({ state: 'output-denied' });
    expect(byId.get('done')).toMatchObject({ state: 'output-available', output: 'ok' });
    // The chat's tool card reads a cancelled call as such.
    expect(STOPPED_RUN).toMatch(/cancel/i);
  });

  it('marks a waiting approval this install did not sign as not run, and keeps a signed one', () => {
    const waiting: UIMessage = {
      id: 'w',
      role: 'assistant',
      parts: [
        call('unsigned', { state: 'approval-requested', approval: { id: 'u' } }),
        call('signed', { state: 'approval-requested', approval: { id: 's', signature: 'sig' } }),
      ] as UIMessage['parts'],
    };
    const [settled] = settleUnsigned([waiting]);
    expect(settled!.parts[0]).toEqual({
      ...call('unsigned', {}),
      state: 'output-error',
      errorText: NOT_RUN_UNSIGNED,
    });
    expect(settled!.parts[1]).toBe(waiting.parts[1]);
    const signedOnly = { ...waiting, parts: waiting.parts.slice(1) };
    expect(settleUnsigned([signedOnly])[0]).toBe(signedOnly);
  });

  it('leaves messages of finished turns as they are', () => {
    const question: UIMessage = { id: 'q', role: 'user', parts: [{ type: 'text', text: 'Hi' }] };
    const messages = [question, cut];
    const settled = settleInterrupted(messages, []);
    expect(settled[0]).toBe(question);
    expect(settled[1]).toBe(cut);
  });

  it('asks the model to go on only after its own answer', () => {
    expect(isContinueRequest({ continueAnswer: true })).toBe(true);
    expect(isContinueRequest(undefined)).toBe(false);
    expect(
      withContinueInstruction([
        { role: 'user', content: 'Q' },
        { role: 'assistant', content: 'Half' },
      ]).at(-1),
    ).toEqual({ role: 'user', content: CONTINUE_INSTRUCTION });
    const onlyQuestion = [{ role: 'user' as const, content: 'Q' }];
    expect(withContinueInstruction(onlyQuestion)).toBe(onlyQuestion);
  });
});
