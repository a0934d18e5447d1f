import { describe, expect, it } from 'vitest';
import { modelRequestFrom, resolveModel } from '../../../scripts/start/model-from-env';
import { PROVIDER_GUIDES } from '../../../src/models/provider-guide';

describe('the model npm start sets up from the environment', () => {
  it.each([
    { env: {}, expected: undefined },
    {
      env: { OPENAI_API_KEY: 'sk-1', ANTHROPIC_API_KEY: 'ak-1' },
      expected: { provider: 'openai', apiKey: 'sk-1', model: PROVIDER_GUIDES.openai.defaultModel },
    },
    {
      env: { ANTHROPIC_API_KEY: 'ak-1', PATCHBAY_MODEL: 'claude-opus-4-1' },
      expected: { provider: 'anthropic', apiKey: 'ak-1', model: 'claude-opus-4-1' },
    },
    {
      env: { GOOGLE_GENERATIVE_AI_API_KEY: 'g-1' },
      expected: { provider: 'google', apiKey: 'g-1', model: PROVIDER_GUIDES.google.defaultModel },
    },
    {
      env: { OPENAI_API_KEY: 'sk-1', PATCHBAY_BASE_URL: 'http://localhost:11434/v1' },
      expected: { provider: 'compatible', baseUrl: 'http://localhost:11434/v1' },
    },
  ])('$env gives $expected', ({ env, expected }) => {
    const request = modelRequestFrom(env);
    if (expected === undefined) expect(request).toBeUndefined();
    else expect(request).toEqual({ ...expected, from: expect.any(String) });
  });

  it('refuses a plain-http endpoint on another machine, naming the variable and the fix', async () => {
    const request = modelRequestFrom({
      PATCHBAY_BASE_URL: 'http://gpu.example:11434/v1',
      PATCHBAY_MODEL: 'llama3.2',
    })!;
    await expect(resolveModel(request)).rejects.toThrow(
      'PATCHBAY_BASE_URL cannot be used: Use https:// for a remote endpoint',
    );
  });

  it('asks for PATCHBAY_MODEL when the endpoint cannot list its models', async () => {
    const request = modelRequestFrom({ PATCHBAY_BASE_URL: 'http://127.0.0.1:9/v1' })!;
    const refused: typeof fetch = () => Promise.reject(new TypeError('fetch failed'));
    await expect(resolveModel(request, refused)).rejects.toThrow(
      'Set PATCHBAY_MODEL to the model to use.',
    );
  });
});
