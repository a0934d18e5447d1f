import { APICallError } from 'ai';
import { describe, expect, it } from 'vitest';
import { describeChatError } from '../../../src/chat-turn/chat-errors';
import { describeLocalRefusal } from '../../../src/models/local/local-refusal';
import { ollamaCapabilities } from '../../../src/models/local/ollama';
import { findLocalServers } from '../../../src/models/local/probe';
import { cannotCallTools, modelSettingsSchema } from '../../../src/models/model-settings';
import { abilitiesText } from '../../../components/settings/local/model-abilities';
import { parsePort } from '../../../components/settings/local/use-local-models';

const refusal = (url: string, statusCode: number) =>
  new APICallError({ message: 'Forbidden', url, requestBodyValues: {}, statusCode });

describe('a local server refusing Patchbay', () => {
  it('names Ollama at its port, why, and the exact fix, never an API key', () => {
    const text = describeChatError(refusal('http://localhost:11434/v1/chat/completions', 403));
    expect(text).toBe(
      "Ollama at localhost:11434 refused Patchbay's request (HTTP 403): it only serves the web origins it allows, and not chrome-extension://… (there is no API key involved). Set OLLAMA_ORIGINS=chrome-extension://* in Ollama's environment, then restart Ollama.",
    );
  });

  it('names another local server by its address, with the fix for Ollama too', () => {
    const text = describeChatError(refusal('http://127.0.0.1:1234/v1/chat/completions', 403));
    expect(text).toMatch(/^The model server at 127\.0\.0\.1:1234 refused/);
    expect(text).toContain('OLLAMA_ORIGINS=chrome-extension://*');
    expect(text).not.toContain('API key (HTTP');
  });

  it('keeps the API key sentence for a remote provider and for other statuses', () => {
    expect(describeChatError(refusal('https://api.example.com/v1/chat/completions', 403))).toMatch(
      /^The provider rejected the API key \(HTTP 403\)/,
    );
    expect(describeLocalRefusal('http://127.0.0.1:11434/v1', 401)).toBeUndefined();
    expect(describeLocalRefusal('not a url', 403)).toBeUndefined();
  });
});

describe("Ollama's /api/show", () => {
  it('reads tools, vision and the context length of the architecture', () => {
    expect(
      ollamaCapabilities({
        capabilities: ['completion', 'vision'],
        model_info: { 'general.architecture': 'gemma3', 'gemma3.context_length': 131072 },
      }),
    ).toEqual({ tools: false, vision: true, contextLength: 131072 });
  });

  it('says nothing it was not told (an older Ollama without capabilities)', () => {
    expect(ollamaCapabilities({ model_info: { 'general.architecture': 'llama' } })).toEqual({});
    expect(ollamaCapabilities('nonsense')).toEqual({});
  });
});

describe('the probe', () => {
  it('gives up on a server that does not answer within the timeout', async () => {
    const hanging: typeof fetch = (_input, init) =>
      new Promise((_resolve, reject) =>
        init?.signal?.addEventListener('abort', () => reject(init.signal?.reason)),
      );
    await expect(
      findLocalServers([{ kind: 'ollama', port: 11434 }, { port: 9 }], {
        fetch: hanging,
        timeoutMs: 20,
      }),
    ).resolves.toEqual([]);
  });

  it('reads vLLM by its own name and max_model_len', async () => {
    const vllm: typeof fetch = async (input) =>
      String(input).endsWith('/v1/models')
        ? Response.json({
            object: 'list',
            data: [
              { id: 'Qwen/Qwen3-8B', object: 'model', owned_by: 'vllm', max_model_len: 32768 },
            ],
          })
        : new Response('not found', { status: 404 });
    const [found] = await findLocalServers([{ port: 8001 }], { fetch: vllm });
    expect(found).toMatchObject({
      status: 'found',
      kind: 'vllm',
      label: 'vLLM',
      baseUrl: 'http://127.0.0.1:8001/v1',
      models: [{ id: 'Qwen/Qwen3-8B', contextLength: 32768 }],
    });
  });
});

describe('what the panel says of a model', () => {
  it('lists what the server said, in a few words', () => {
    expect(abilitiesText({ tools: true, vision: true, contextLength: 131072 })).toBe(
      'tools · vision · 128k context',
    );
    expect(abilitiesText({ tools: false, contextLength: 4000 })).toBe(
      'no tools · 4000 tokens context',
    );
    expect(abilitiesText({})).toBe('');
  });

  it('knows a model cannot call tools only where its server said so', () => {
    const settings = modelSettingsSchema.parse({
      provider: 'compatible',
      baseUrl: 'http://127.0.0.1:11434/v1',
      model: 'gemma3:4b',
      capabilities: { 'gemma3:4b': { tools: false } },
    });
    expect(cannotCallTools(settings)).toBe(true);
    expect(cannotCallTools({ ...settings, model: 'typed-by-hand' })).toBe(false);
  });

  it('takes a port from 1 to 65535, or none, and refuses anything else', () => {
    expect(parsePort(' 11435 ')).toBe(11435);
    expect(parsePort('')).toBeUndefined();
    for (const bad of ['0', '65536', '80a', '-1', '1.5']) expect(parsePort(bad)).toBe('invalid');
  });
});
