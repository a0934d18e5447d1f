/**
 * Requests that carry a model provider's key follow no redirect: the extension pages' policy
 * allows plain http (for servers on the person's network), so a redirect from an https endpoint
 * to http would otherwise take the key along in clear.
 */
import { generateText } from 'ai';
import { describe, expect, it } from 'vitest';
import { listModels } from '../../../src/models/list-models';
import { createLanguageModel } from '../../../src/models/model';

describe('requests carrying a model key', () => {
  it('refuse redirects when listing models and when chatting', async () => {
    const modes: (RequestRedirect | undefined)[] = [];
    const fetchImpl = (async (_input: RequestInfo | URL, init?: RequestInit) => {
      modes.push(init?.redirect);
      return new Response(JSON.stringify({ data: [{ id: 'm-1' }] }), {
        headers: { 'content-type': 'application/json' },
      });
    }) as typeof fetch;
    await expect(listModels({ provider: 'openai', apiKey: 'sk-test' }, fetchImpl)).resolves.toEqual(
      ['m-1'],
    );
    const model = createLanguageModel(
      { provider: 'openai', apiKey: 'sk-test', model: 'm-1' },
      fetchImpl,
    );
    await generateText({ model, prompt: 'hi' }).catch(() => undefined);
    expect(modes.length).toBeGreaterThanOrEqual(2);
    expect(new Set(modes)).toEqual(new Set(['error']));
  });
});
