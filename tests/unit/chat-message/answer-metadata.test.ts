import type { TextStreamPart, ToolSet, UIMessage } from 'ai';
import { describe, expect, it } from 'vitest';
import {
  addUsage,
  answerMetadataFor,
  readAnswerMetadata,
} from '../../../src/chat-message/answer-metadata';
import { answerMarkdown, thoughtLabel, usageLine } from '../../../src/chat/answer-lines';

type Part = TextStreamPart<ToolSet>;
const MODEL = { provider: 'anthropic', id: 'claude-scripted' };
const usage = (inputTokens?: number, outputTokens?: number, totalTokens?: number) =>
  ({
    inputTokens,
    outputTokens,
    totalTokens,
    inputTokenDetails: {},
    outputTokenDetails: {},
  }) as unknown as Extract<Part, { type: 'finish' }>['totalUsage'];
const finish = (totalUsage: ReturnType<typeof usage>) =>
  ({ type: 'finish', finishReason: 'stop', rawFinishReason: 'stop', totalUsage }) as Part;
const reasoningStart = (id: string) => ({ type: 'reasoning-start', id }) as Part;
const reasoningEnd = (id: string) => ({ type: 'reasoning-end', id }) as Part;
const textStart = (id: string) => ({ type: 'text-start', id }) as Part;

/** A clock the test moves. */
function clock(start = 1_000) {
  let now = start;
  return { now: () => now, advance: (ms: number) => void (now += ms) };
}

describe('the metadata an answer streams with', () => {
  it('keeps the pointed origin from the start, the model and tokens at the finish', () => {
    const metadata = answerMetadataFor({ model: MODEL, pointedOrigin: 'https://a.example' });
    expect(metadata({ part: { type: 'start' } as Part })).toEqual({
      pointedOrigin: 'https://a.example',
    });
    expect(metadata({ part: finish(usage(10, 5, 15)) })).toEqual({
      model: MODEL,
      usage: { inputTokens: 10, outputTokens: 5, totalTokens: 15 },
    });
  });

  it('adds nothing at the start without a pointed origin, so no answer is made before a word', () => {
    expect(answerMetadataFor({ model: MODEL })({ part: { type: 'start' } as Part })).toBe(
      undefined,
    );
  });

  it('reports no usage when the provider reported none', () => {
    const metadata = answerMetadataFor({ model: MODEL });
    expect(metadata({ part: finish(usage()) })).toEqual({ model: MODEL });
  });

  it('measures reasoning from its start to its end, or to the first text', () => {
    const time = clock();
    const metadata = answerMetadataFor({ model: MODEL, now: time.now });
    expect(metadata({ part: reasoningStart('r1') })).toBeUndefined();
    time.advance(2_400);
    expect(metadata({ part: reasoningEnd('r1') })).toEqual({ thoughtMs: [2_400] });
    metadata({ part: reasoningStart('r2') });
    time.advance(700);
    // Text before the reasoning said it ended: the thinking is over.
    expect(metadata({ part: textStart('t1') })).toEqual({ thoughtMs: [2_400, 700] });
    expect(metadata({ part: reasoningEnd('r2') })).toBeUndefined();
    expect(metadata({ part: textStart('t2') })).toBeUndefined();
  });

  it('goes on from the answer it continues: usage summed, thoughts after the ones there', () => {
    const time = clock();
    const continued: UIMessage = {
      id: 'a1',
      role: 'assistant',
      metadata: { model: MODEL, usage: { inputTokens: 10, outputTokens: 5 }, thoughtMs: [900] },
      parts: [
        { type: 'reasoning', text: 'first', state: 'done' },
        { type: 'text', text: 'Calling a tool.', state: 'done' },
      ],
    };
    const metadata = answerMetadataFor({ model: MODEL, continued, now: time.now });
    metadata({ part: reasoningStart('r') });
    time.advance(1_500);
    expect(metadata({ part: reasoningEnd('r') })).toEqual({ thoughtMs: [900, 1_500] });
    expect(metadata({ part: finish(usage(20, 7, 27)) })).toEqual({
      model: MODEL,
      usage: { inputTokens: 30, outputTokens: 12, totalTokens: 27 },
    });
  });

  it('keeps reasoning aligned with the parts when earlier durations are unknown', () => {
    const time = clock();
    const continued: UIMessage = {
      id: 'a1',
      role: 'assistant',
      parts: [{ type: 'reasoning', text: 'before this version', state: 'done' }],
    };
    const metadata = answerMetadataFor({ model: MODEL, continued, now: time.now });
    metadata({ part: reasoningStart('r') });
    time.advance(300);
    expect(metadata({ part: reasoningEnd('r') })).toEqual({ thoughtMs: [null, 300] });
  });
});

describe('reading metadata back', () => {
  it('keeps each readable field and drops the damaged ones alone', () => {
    expect(
      readAnswerMetadata({
        metadata: {
          model: { provider: 'openai', id: 'gpt' },
          usage: 'lots',
          thoughtMs: [1_000, null],
          fromApp: 'Chart',
        },
      }),
    ).toEqual({ model: { provider: 'openai', id: 'gpt' }, thoughtMs: [1_000, null] });
    expect(readAnswerMetadata({ metadata: 'not an object' })).toEqual({});
    expect(readAnswerMetadata({})).toEqual({});
  });

  it('sums only the counts reported', () => {
    expect(addUsage(undefined, usage(3, undefined, undefined))).toEqual({ inputTokens: 3 });
    expect(addUsage({ outputTokens: 2 }, usage(undefined, 4, undefined))).toEqual({
      outputTokens: 6,
    });
    expect(addUsage({ inputTokens: 1 }, usage())).toEqual({ inputTokens: 1 });
  });
});

describe('the lines under an answer', () => {
  it('shows the model and tokens, or nothing without counts', () => {
    expect(
      usageLine({
        model: MODEL,
        usage: { inputTokens: 1200, outputTokens: 34, totalTokens: 1234 },
      }),
    ).toBe('claude-scripted · 1,234 tokens (1,200 in, 34 out)');
    expect(usageLine({ model: MODEL, usage: { inputTokens: 10, outputTokens: 5 } })).toBe(
      'claude-scripted · 15 tokens (10 in, 5 out)',
    );
    expect(usageLine({ usage: { totalTokens: 1 } })).toBe('1 token');
    expect(usageLine({ model: MODEL, usage: { outputTokens: 9 } })).toBe(
      'claude-scripted · tokens: 9 out',
    );
    expect(usageLine({ model: MODEL })).toBeUndefined();
    expect(usageLine({ model: MODEL, usage: {} })).toBeUndefined();
  });

  it('says how long the model thought, at least a second', () => {
    expect(thoughtLabel(200)).toBe('Thought for 1 s');
    expect(thoughtLabel(12_400)).toBe('Thought for 12 s');
    expect(thoughtLabel(75_000)).toBe('Thought for 1 min 15 s');
    expect(thoughtLabel(null)).toBe('Thoughts');
    expect(thoughtLabel(undefined)).toBe('Thoughts');
  });

  it('copies an answer as the Markdown of its text parts', () => {
    expect(
      answerMarkdown({
        parts: [
          { type: 'step-start' },
          { type: 'reasoning', text: 'hidden', state: 'done' },
          { type: 'text', text: 'Use **bold**.\n', state: 'done' },
          { type: 'text', text: '  ', state: 'done' },
          { type: 'text', text: '```sh\nnpm test\n```', state: 'done' },
        ],
      }),
    ).toBe('Use **bold**.\n\n```sh\nnpm test\n```');
  });
});
