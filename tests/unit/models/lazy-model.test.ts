import { generateText } from 'ai';
import { MockLanguageModelV4 } from 'ai/test';
import { describe, expect, it, vi } from 'vitest';
import { lazyLanguageModel } from '../../../src/models/lazy-model';

const answering = (text: string) =>
  new MockLanguageModelV4({
    doGenerate: async () => ({
      content: [{ type: 'text', text }],
      finishReason: { unified: 'stop', raw: 'stop' },
      usage: {
        inputTokens: { total: 1, noCache: 1, cacheRead: undefined, cacheWrite: undefined },
        outputTokens: { total: 1, text: 1, reasoning: undefined },
      },
      warnings: [],
    }),
  });

describe('a provider loaded on first use', () => {
  it('loads once, prepares each call, and tries again after a failed load', async () => {
    const inner = answering('loaded');
    const load = vi
      .fn<() => Promise<MockLanguageModelV4>>()
      .mockRejectedValueOnce(new Error('chunk missing'))
      .mockResolvedValue(inner);
    const prepare = vi.fn((options) => ({ ...options, temperature: 0.5 }));
    const model = lazyLanguageModel('p', 'm', load, prepare);
    expect(load).not.toHaveBeenCalled();

    await expect(generateText({ model, prompt: 'a', maxRetries: 0 })).rejects.toThrow(
      'chunk missing',
    );
    await expect(generateText({ model, prompt: 'b' })).resolves.toMatchObject({ text: 'loaded' });
    await generateText({ model, prompt: 'c' });
    expect(load).toHaveBeenCalledTimes(2);
    expect(prepare).toHaveBeenCalledTimes(2);
    expect(inner.doGenerateCalls.map((call) => call.temperature)).toEqual([0.5, 0.5]);
  });
});
