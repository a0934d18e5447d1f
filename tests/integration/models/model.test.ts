import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { listModels } from '../../../src/models/model';
import { startScriptedOpenAI, type ScriptedOpenAI } from '../../fixtures/scripted-openai';
import { redirectedTo } from '../../helpers/chat-harness';

let openai: ScriptedOpenAI;

beforeEach(async () => {
  openai = await startScriptedOpenAI();
});

afterEach(async () => {
  await openai.close();
});

describe('the models an endpoint lists', () => {
  it('lists each model once, in order, asking with the key', async () => {
    openai.models = ['scripted-model', 'a-model', 'scripted-model'];
    openai.requiredApiKey = 'k-1';

    await expect(
      listModels({ provider: 'compatible', baseUrl: openai.baseUrl, apiKey: 'k-1' }),
    ).resolves.toEqual(['a-model', 'scripted-model']);

    expect(openai.requests).toHaveLength(1);
    expect(openai.requests[0]).toMatchObject({ api: 'models', path: '/v1/models' });
    expect(openai.requests[0]?.headers.authorization).toBe('Bearer k-1');
  });

  it.each([
    ['without a key', undefined],
    ['with an empty key', ''],
  ])('asks an endpoint %s without an Authorization header', async (_name, apiKey) => {
    await expect(
      listModels({
        provider: 'compatible',
        baseUrl: openai.baseUrl,
        ...(apiKey === undefined ? {} : { apiKey }),
      }),
    ).resolves.toEqual(['scripted-mini', 'scripted-model']);
    expect(openai.requests[0]?.path).toBe('/v1/models');
    expect(openai.requests[0]?.headers).not.toHaveProperty('authorization');
  });

  it('ignores trailing slashes on the endpoint', async () => {
    await expect(
      listModels({ provider: 'compatible', baseUrl: `${openai.baseUrl}//` }),
    ).resolves.toEqual(['scripted-mini', 'scripted-model']);
    expect(openai.requests[0]?.path).toBe('/v1/models');
  });

  it('asks api.openai.com for OpenAI settings without a base URL', async () => {
    const network = redirectedTo(openai);
    await expect(
      listModels({ provider: 'openai', apiKey: 'sk-real' }, network.fetchImpl),
    ).resolves.toEqual(['scripted-mini', 'scripted-model']);
    expect(network.asked).toEqual(['https://api.openai.com/v1/models']);
    expect(openai.requests[0]?.headers.authorization).toBe('Bearer sk-real');
  });

  it.each([
    [
      'says the key was rejected',
      () => {
        openai.requiredApiKey = 'sk-right';
        return { provider: 'compatible' as const, baseUrl: openai.baseUrl, apiKey: 'sk-wrong' };
      },
      () => 'The API key was rejected (HTTP 401). Check it and try again.',
    ],
    [
      'says to type the model name when the endpoint has no list',
      () => ({ provider: 'compatible' as const, baseUrl: openai.baseUrl.replace('/v1', '/v2') }),
      () =>
        `${openai.baseUrl.replace('/v1', '/v2')}/models answered HTTP 404. Type the model name instead.`,
    ],
  ])('%s', async (_name, settings, message) => {
    await expect(listModels(settings())).rejects.toThrow(message());
  });

  const json = (value: unknown) => ({
    status: 200,
    contentType: 'application/json',
    body: JSON.stringify(value),
  });

  it.each<[string, NonNullable<ScriptedOpenAI['modelsAnswer']>, string[]]>([
    [
      'ids that are not strings, and repeated ones',
      json({ data: [{ id: 'b' }, { id: 7 }, {}, { id: 'a' }, { id: 'b' }] }),
      ['a', 'b'],
    ],
    [
      'a body that is not JSON',
      { status: 200, contentType: 'text/html', body: '<html>sign in</html>' },
      [],
    ],
    ['JSON without a list', json({ models: ['a'] }), []],
  ])('lists only the named models from %s', async (_name, answer, expected) => {
    openai.modelsAnswer = answer;
    await expect(listModels({ provider: 'compatible', baseUrl: openai.baseUrl })).resolves.toEqual(
      expected,
    );
  });

  it('says a server on this machine refused Patchbay itself on HTTP 403, never the key', async () => {
    openai.modelsAnswer = { status: 403, contentType: 'text/plain', body: 'forbidden' };
    const host = new URL(openai.baseUrl).host;
    await expect(listModels({ provider: 'compatible', baseUrl: openai.baseUrl })).rejects.toThrow(
      `The model server at ${host} refused Patchbay's request (HTTP 403)`,
    );
    await expect(listModels({ provider: 'compatible', baseUrl: openai.baseUrl })).rejects.toThrow(
      'OLLAMA_ORIGINS=chrome-extension://*',
    );
  });

  it('says when the endpoint cannot be reached', async () => {
    const gone = await startScriptedOpenAI();
    await gone.close();
    await expect(listModels({ provider: 'compatible', baseUrl: gone.baseUrl })).rejects.toThrow(
      `Couldn't reach ${gone.baseUrl}. Check the URL and that the server is running.`,
    );
  });

  it('never sends the key to a remote endpoint over plain http', async () => {
    const network = redirectedTo(openai);
    await expect(
      listModels(
        { provider: 'compatible', baseUrl: 'http://192.168.1.20:11434/v1', apiKey: 'k-1' },
        network.fetchImpl,
      ),
    ).rejects.toThrow(
      'http://192.168.1.20:11434/v1 is not used: Use https:// for a remote endpoint; plain http only reaches this machine (localhost or 127.0.0.1). Change it in Settings.',
    );
    expect(network.asked).toEqual([]);
  });
});
