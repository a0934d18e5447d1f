import { MockLanguageModelV4 } from 'ai/test';
import { describe, expect, it } from 'vitest';
import { MAX_SAMPLING_TOKENS, runSampling } from '../../../src/asks/run-sampling';

const usage = {
  inputTokens: { total: 3, noCache: 3, cacheRead: undefined, cacheWrite: undefined },
  outputTokens: { total: 2, text: 2, reasoning: undefined },
};

function answering(text: string, unified: 'stop' | 'length' | 'content-filter') {
  return new MockLanguageModelV4({
    doGenerate: async () => ({
      content: [{ type: 'text', text }],
      finishReason: { unified, raw: unified },
      usage,
      warnings: [],
    }),
  });
}

const PNG =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';

describe('runSampling', () => {
  it('runs what the person approved, keeps the server’s images, and bounds the answer', async () => {
    const model = answering('A calm sea.', 'stop');
    const result = await runSampling(
      model,
      {
        messages: [
          {
            role: 'user',
            content: [
              { type: 'text', text: 'Describe this' },
              { type: 'image', data: PNG, mimeType: 'image/png' },
              { type: 'image', data: 'PHN2Zz4=', mimeType: 'image/svg+xml' },
            ],
          },
        ],
        systemPrompt: 'Server prompt',
        maxTokens: 100_000,
        temperature: 0.2,
      },
      {
        systemPrompt: 'Edited prompt',
        messages: [{ role: 'user', text: 'Describe this picture briefly' }],
        maxTokens: 100_000,
      },
    );
    expect(result).toEqual({ text: 'A calm sea.', stopReason: 'endTurn' });
    const call = model.doGenerateCalls[0]!;
    expect(call.maxOutputTokens).toBe(MAX_SAMPLING_TOKENS);
    expect(call.temperature).toBe(0.2);
    expect(call.tools).toBeUndefined();
    expect(call.prompt).toEqual([
      { role: 'system', content: 'Edited prompt' },
      {
        role: 'user',
        content: [
          { type: 'text', text: 'Describe this picture briefly' },
          // The PNG goes along; the SVG is not a type models take.
          expect.objectContaining({ type: 'file', mediaType: 'image/png' }),
        ],
        providerOptions: undefined,
      },
    ]);
  });

  it('reports an answer cut by the token limit as maxTokens', async () => {
    const result = await runSampling(
      answering('Once upon', 'length'),
      { messages: [{ role: 'user', content: { type: 'text', text: 'Story' } }], maxTokens: 5 },
      { messages: [{ role: 'user', text: 'Story' }], maxTokens: 5 },
    );
    expect(result.stopReason).toBe('maxTokens');
  });
});

describe('runSampling, turn by turn', () => {
  it('sends each turn with its role and only the real images of the matching request turn', async () => {
    const model = answering('Done.', 'stop');
    const controller = new AbortController();
    await runSampling(
      model,
      {
        messages: [
          { role: 'user', content: { type: 'image', data: PNG, mimeType: 'image/png' } },
          { role: 'assistant', content: { type: 'text', text: 'A pixel.' } },
          {
            role: 'user',
            content: [
              null,
              { type: 'image', mimeType: 'image/png' },
              { type: 'text', data: PNG, mimeType: 'image/png' },
            ],
          },
        ],
        maxTokens: 0,
        stopSequences: ['END'],
      },
      {
        messages: [
          { role: 'user', text: '' },
          { role: 'assistant', text: 'A pixel.' },
          { role: 'user', text: 'And this?' },
          { role: 'user', text: 'One more thing.' },
        ],
        maxTokens: 0,
      },
      controller.signal,
    );
    const call = model.doGenerateCalls[0]!;
    expect(call.maxOutputTokens).toBe(1);
    expect(call.stopSequences).toEqual(['END']);
    expect(call.abortSignal).toBe(controller.signal);
    expect(call.prompt.map((message) => [message.role, message.content])).toEqual([
      ['user', [expect.objectContaining({ type: 'file', mediaType: 'image/png' })]],
      ['assistant', [expect.objectContaining({ type: 'text', text: 'A pixel.' })]],
      ['user', [expect.objectContaining({ type: 'text', text: 'And this?' })]],
      ['user', [expect.objectContaining({ type: 'text', text: 'One more thing.' })]],
    ]);
  });

  it.each<['stop' | 'length' | 'content-filter', string]>([
    ['stop', 'endTurn'],
    ['length', 'maxTokens'],
    ['content-filter', 'content-filter'],
  ])('reports the finish reason %s as %s', async (unified, stopReason) => {
    const result = await runSampling(
      answering('Text', unified),
      { messages: [{ role: 'user', content: { type: 'text', text: 'Hi' } }], maxTokens: 5 },
      { messages: [{ role: 'user', text: 'Hi' }], maxTokens: 5 },
    );
    expect(result).toEqual({ text: 'Text', stopReason });
  });
});
