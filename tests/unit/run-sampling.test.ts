import { MockLanguageModelV4 } from 'ai/test';
import { describe, expect, it } from 'vitest';
import { MAX_SAMPLING_TOKENS, runSampling } from '../../src/ai/run-sampling';

const usage = {
  inputTokens: { total: 3, noCache: 3, cacheRead: undefined, cacheWrite: undefined },
  outputTokens: { total: 2, text: 2, reasoning: undefined },
};

function answering(text: string, unified: 'stop' | 'length') {
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
