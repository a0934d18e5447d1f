/**
 * Local model servers against stand-ins that answer in their real wire formats: the probe finds
 * Ollama (by its own API) and LM Studio (OpenAI's list plus its own), reads what each model can
 * do, and says which refuse; a chat with the found Ollama model calls a tool through the
 * compatible provider, and a model without tools is asked without them.
 */
import { createServer } from 'node:net';
import { jsonSchema, stepCountIs, streamText, tool } from 'ai';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { findLocalServers } from '../../../src/models/local/probe';
import { listModels } from '../../../src/models/list-models';
import { createLanguageModel } from '../../../src/models/model';
import { startStandInOllama, type StandInOllama } from '../../fixtures/stand-in-ollama';
import { startStandInLmStudio, type StandInLmStudio } from '../../fixtures/stand-in-lm-studio';

let ollama: StandInOllama;
let lmStudio: StandInLmStudio;

beforeEach(async () => {
  [ollama, lmStudio] = await Promise.all([startStandInOllama(), startStandInLmStudio()]);
});

afterEach(async () => {
  await Promise.all([ollama.close(), lmStudio.close()]);
});

/** A port nothing listens on: taken, then given back. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** Fetch as an extension page without Patchbay's rule: Chromium's Origin on every request. */
const withExtensionOrigin: typeof fetch = (input, init) =>
  fetch(input, { ...init, headers: { ...init?.headers, origin: 'chrome-extension://abcdef' } });

describe('finding local model servers', () => {
  it('finds Ollama and LM Studio with what each model can do, and nothing on a closed port', async () => {
    const found = await findLocalServers([
      { kind: 'ollama', port: ollama.port },
      { kind: 'lmstudio', port: lmStudio.port },
      { kind: 'vllm', port: await closedPort() },
    ]);
    expect(found).toEqual([
      {
        status: 'found',
        kind: 'ollama',
        label: 'Ollama',
        origin: ollama.origin,
        baseUrl: `${ollama.origin}/v1`,
        version: '0.12.3',
        models: [
          { id: 'qwen3:8b', tools: true, vision: false, contextLength: 40960 },
          { id: 'gemma3:4b', tools: false, vision: true, contextLength: 131072 },
        ],
      },
      {
        status: 'found',
        kind: 'lmstudio',
        label: 'LM Studio',
        origin: lmStudio.origin,
        baseUrl: `${lmStudio.origin}/v1`,
        models: [
          { id: 'qwen2-vl-7b-instruct', vision: true, contextLength: 32768 },
          { id: 'meta-llama-3.1-8b-instruct', vision: false, tools: true, contextLength: 131072 },
        ],
      },
    ]);
    expect(ollama.requests.filter((request) => request.path === '/api/show')).toHaveLength(2);
  });

  it('tries a typed port as Ollama, then as any OpenAI-compatible server', async () => {
    const found = await findLocalServers([{ port: ollama.port }, { port: lmStudio.port }]);
    expect(found.map((server) => [server.kind, server.status])).toEqual([
      ['ollama', 'found'],
      ['compatible', 'found'],
    ]);
  });

  it('reports Ollama as refusing when requests carry an extension Origin', async () => {
    const found = await findLocalServers([{ kind: 'ollama', port: ollama.port }], {
      fetch: withExtensionOrigin,
    });
    expect(found).toEqual([
      {
        status: 'refused',
        kind: 'ollama',
        label: 'Ollama',
        origin: ollama.origin,
        httpStatus: 403,
      },
    ]);
  });
});

describe('a chat with a found Ollama model', () => {
  const echo = tool({
    description: 'Echo a message',
    inputSchema: jsonSchema<{ message: string }>({
      type: 'object',
      properties: { message: { type: 'string' } },
      required: ['message'],
    }),
    execute: async ({ message }) => `echo: ${message}`,
  });

  it('calls a tool and answers with its result', async () => {
    ollama.script(
      { type: 'tool-call', toolName: 'echo', input: { message: 'hi' } },
      { type: 'text', text: 'The tool said echo: hi' },
    );
    const model = createLanguageModel({
      provider: 'compatible',
      baseUrl: `${ollama.origin}/v1`,
      model: 'qwen3:8b',
    });
    const result = streamText({
      model,
      prompt: 'Echo hi',
      tools: { echo },
      stopWhen: stepCountIs(3),
    });
    await expect(result.text).resolves.toBe('The tool said echo: hi');
    const toolResults = (await result.steps).flatMap((step) => step.toolResults);
    expect(toolResults.map((entry) => entry.output)).toEqual(['echo: hi']);
  });

  it('asks a model its server says has no tools without them, so it still answers', async () => {
    ollama.script({ type: 'text', text: 'Plain answer' });
    const model = createLanguageModel({
      provider: 'compatible',
      baseUrl: `${ollama.origin}/v1`,
      model: 'gemma3:4b',
      capabilities: { 'gemma3:4b': { tools: false }, 'qwen3:8b': { tools: true } },
    });
    const result = streamText({ model, prompt: 'Hello', tools: { echo } });
    await expect(result.text).resolves.toBe('Plain answer');
    const chat = ollama.requests.find((request) => request.path === '/v1/chat/completions');
    expect(chat?.body).not.toHaveProperty('tools');
  });

  it('says Ollama refused the origin, and how to fix it, where Load models gets 403', async () => {
    // The default port, so the sentence names Ollama: a stand-in there only when it is free.
    const error = await listModels(
      { provider: 'compatible', baseUrl: `${ollama.origin}/v1` },
      withExtensionOrigin,
    ).catch((caught: unknown) => caught as Error);
    expect(String(error)).toContain(`The model server at 127.0.0.1:${ollama.port} refused`);
    expect(String(error)).toContain('OLLAMA_ORIGINS=chrome-extension://*');
    expect(String(error)).not.toMatch(/API key was rejected/);
  });
});
