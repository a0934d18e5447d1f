/**
 * Why a models list could not be read, as a kind the form acts on (a refused key gets the key
 * page again), not a sentence to match.
 */
import { describe, expect, it } from 'vitest';
import { listModels } from '../../../src/models/list-models';
import { ModelListError } from '../../../src/errors/model-list-error';

const answering =
  (status: number, body: unknown = {}): typeof fetch =>
  async () =>
    new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

async function failure(request: Parameters<typeof listModels>[0], fetchImpl: typeof fetch) {
  const caught: unknown = await listModels(request, fetchImpl).then(
    () => undefined,
    (error: unknown) => error,
  );
  expect(ModelListError.isInstance(caught)).toBe(true);
  const error = caught as ModelListError;
  return { kind: error.kind, status: error.status };
}

describe('a models list that cannot be read', () => {
  it.each([
    {
      case: 'OpenAI refusing the key',
      request: { provider: 'openai' as const, apiKey: 'sk-wrong' },
      fetch: answering(401),
      expected: { kind: 'key-refused', status: 401 },
    },
    {
      case: 'Gemini refusing the key (HTTP 400, API_KEY_INVALID)',
      request: { provider: 'google' as const, apiKey: 'AIza-wrong' },
      fetch: answering(400, { error: { details: [{ reason: 'API_KEY_INVALID' }] } }),
      expected: { kind: 'key-refused', status: 400 },
    },
    {
      case: 'a gateway without a list',
      request: { provider: 'anthropic' as const, apiKey: 'k', baseUrl: 'https://gw.example/v1' },
      fetch: answering(404),
      expected: { kind: 'no-list', status: 404 },
    },
    {
      case: 'a local server refusing the extension’s origin',
      request: { provider: 'compatible' as const, baseUrl: 'http://127.0.0.1:11434/v1' },
      fetch: answering(403),
      expected: { kind: 'origin-refused', status: 403 },
    },
    {
      case: 'nothing answering',
      request: { provider: 'compatible' as const, baseUrl: 'http://127.0.0.1:1/v1' },
      fetch: (async () => {
        throw new TypeError('Failed to fetch');
      }) as typeof fetch,
      expected: { kind: 'unreachable', status: undefined },
    },
  ])('$case is $expected.kind', async ({ request, fetch, expected }) => {
    await expect(failure(request, fetch)).resolves.toEqual(expected);
  });
});
