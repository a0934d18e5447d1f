/**
 * What a server asks of the person, as the handlers turn it into asks for the broker and the
 * person's answers back into what the server receives: checked here on the handlers with a real
 * broker (the wire itself is covered by the integration suites against real servers).
 */
import { ProtocolError, type CreateMessageRequestParams } from '@modelcontextprotocol/client';
import { describe, expect, it } from 'vitest';
import { AskBroker, MAX_ASKS_PER_SERVER } from '../../../src/mcp/asks/ask-broker';
import { createServerRequestHandlers } from '../../../src/mcp/asks/server-requests';
import type { AskAnswer, AskView } from '../../../src/messaging/asks-contract';
import { createCountingKeepAlive, createRecordingBroadcaster } from '../../../src/platform/memory';

function setup({
  url = 'https://docs.example.com/mcp',
  sampling = false,
  timeoutMs = 60_000,
}: { url?: string; sampling?: boolean; timeoutMs?: number } = {}) {
  const asks = new AskBroker({
    broadcaster: createRecordingBroadcaster(),
    keepAlive: createCountingKeepAlive(),
    timeoutMs,
  });
  const handlers = createServerRequestHandlers(asks, {
    id: 'docs',
    name: 'Docs',
    url,
    samplingEnabled: () => sampling,
  });
  /** The one question waiting, which the handler put there synchronously. */
  const only = (): AskView => {
    const list = asks.list();
    expect(list).toHaveLength(1);
    return list[0]!;
  };
  const answer = (reply: AskAnswer) => expect(asks.answer(only().id, reply)).toBe(true);
  return { asks, handlers, only, answer, signal: new AbortController().signal };
}

const FORM = {
  mode: 'form' as const,
  message: 'Who are you?',
  requestedSchema: { type: 'object' as const, properties: { name: { type: 'string' as const } } },
};

const SAMPLE: CreateMessageRequestParams = {
  messages: [{ role: 'user', content: { type: 'text', text: 'Say hello' } }],
  maxTokens: 50,
};

/** Fills the broker with as many waiting asks as one server may have. */
function fill(asks: AskBroker) {
  for (let index = 0; index < MAX_ASKS_PER_SERVER; index += 1)
    void asks.ask({ id: 'docs', name: 'Docs' }, { ...FORM, kind: 'elicitation-form' });
}

describe('form elicitation', () => {
  it('shows the form to the person under the server’s name and sends back their answer', async () => {
    const { handlers, only, answer, signal } = setup();
    const result = handlers.elicit(FORM, signal);
    expect(only()).toMatchObject({
      kind: 'elicitation-form',
      serverId: 'docs',
      serverName: 'Docs',
      message: 'Who are you?',
      requestedSchema: FORM.requestedSchema,
    });
    answer({ action: 'accept', content: { name: 'Ada' } });
    await expect(result).resolves.toStrictEqual({ action: 'accept', content: { name: 'Ada' } });
  });

  it.each([
    [
      'strings, numbers and booleans',
      { a: 'x', b: 0, c: false, d: 2.5 },
      { a: 'x', b: 0, c: false, d: 2.5 },
    ],
    [
      'a list of strings, empty or not',
      { tags: ['a', 'b'], none: [] },
      { tags: ['a', 'b'], none: [] },
    ],
    ['a list mixing strings with numbers', { tags: ['a', 1] }, {}],
    ['a list of numbers', { tags: [1, 2] }, {}],
    ['an object', { nested: { a: 'x' } }, {}],
    ['null', { gone: null }, {}],
    ['a mix of kept and dropped values', { keep: 'yes', drop: { no: true } }, { keep: 'yes' }],
  ])('sends the server only values a form may hold: %s', async (_, content, sent) => {
    const { handlers, answer, signal } = setup();
    const result = handlers.elicit(FORM, signal);
    answer({ action: 'accept', content });
    await expect(result).resolves.toStrictEqual({ action: 'accept', content: sent });
  });

  it('accepts without content when the person sent none', async () => {
    const { handlers, answer, signal } = setup();
    const result = handlers.elicit(FORM, signal);
    answer({ action: 'accept' });
    await expect(result).resolves.toStrictEqual({ action: 'accept' });
  });

  it.each([
    ['declines', { action: 'decline' }, { action: 'decline' }],
    ['cancels', { action: 'cancel' }, { action: 'cancel' }],
    [
      'answers with a model run instead',
      { action: 'sampled', text: 'hi', model: 'm' },
      { action: 'cancel' },
    ],
  ] as const)('tells the server when the person %s', async (_, reply, sent) => {
    const { handlers, answer, signal } = setup();
    const result = handlers.elicit(FORM, signal);
    answer(reply);
    await expect(result).resolves.toStrictEqual(sent);
  });

  it('cancels for the person when nobody answers in time', async () => {
    const { handlers, signal } = setup({ timeoutMs: 1 });
    await expect(handlers.elicit(FORM, signal)).resolves.toStrictEqual({ action: 'cancel' });
  });

  it('cancels a question the server gave up on, and takes it off the list', async () => {
    const { asks, handlers } = setup();
    const controller = new AbortController();
    const result = handlers.elicit(FORM, controller.signal);
    controller.abort();
    await expect(result).resolves.toStrictEqual({ action: 'cancel' });
    expect(asks.list()).toEqual([]);
  });

  it('answers cancel without asking when the server already has too many questions waiting', async () => {
    const { asks, handlers, signal } = setup();
    fill(asks);
    await expect(handlers.elicit(FORM, signal)).resolves.toStrictEqual({ action: 'cancel' });
    expect(asks.list()).toHaveLength(MAX_ASKS_PER_SERVER);
  });

  it('lets an unexpected failure through instead of answering for the person', async () => {
    const { asks, handlers, signal } = setup();
    // A schema that cannot be written out: the broker's size check throws, not a refusal.
    const requestedSchema = { type: 'object', properties: {}, big: 1n } as never;
    await expect(handlers.elicit({ ...FORM, requestedSchema }, signal)).rejects.toThrow(TypeError);
    expect(asks.list()).toEqual([]);
  });
});

describe('URL elicitation', () => {
  const page = {
    mode: 'url' as const,
    message: 'Connect your account',
    url: 'https://accounts.example.com/connect',
    elicitationId: 'e-1',
  };

  it('asks the person before the page is opened, and tells the server they agreed', async () => {
    const { handlers, only, answer, signal } = setup();
    const result = handlers.elicit(page, signal);
    expect(only()).toMatchObject({
      kind: 'elicitation-url',
      serverId: 'docs',
      serverName: 'Docs',
      message: 'Connect your account',
      url: 'https://accounts.example.com/connect',
      phase: 'asking',
    });
    answer({ action: 'accept' });
    await expect(result).resolves.toStrictEqual({ action: 'accept' });
  });

  it('keeps the page listed as opened until the server says it is done', async () => {
    const { asks, handlers, answer, only, signal } = setup();
    const result = handlers.elicit(page, signal);
    answer({ action: 'accept' });
    await result;
    expect(only()).toMatchObject({ phase: 'opened' });
    handlers.elicitationComplete('other');
    expect(only()).toMatchObject({ phase: 'opened' });
    handlers.elicitationComplete('e-1');
    expect(only()).toMatchObject({ phase: 'completed' });
    expect(asks.list()).toHaveLength(1);
  });

  it.each([
    ['declines', { action: 'decline' }, { action: 'decline' }],
    ['cancels', { action: 'cancel' }, { action: 'cancel' }],
  ] as const)('tells the server when the person %s', async (_, reply, sent) => {
    const { handlers, answer, signal } = setup();
    const result = handlers.elicit(page, signal);
    answer(reply);
    await expect(result).resolves.toStrictEqual(sent);
  });

  it.each([
    [
      'a page on the server’s machine from a remote server',
      'http://127.0.0.1:8080/admin',
      'https://docs.example.com/mcp',
    ],
    [
      'a plain-http page elsewhere',
      'http://accounts.example.com/connect',
      'http://127.0.0.1:3000/mcp',
    ],
    ['a javascript: address', 'javascript:alert(1)', 'http://127.0.0.1:3000/mcp'],
    ['an address that is not one', 'not a url', 'http://127.0.0.1:3000/mcp'],
  ])('declines without asking the person: %s', async (_, url, serverUrl) => {
    const { asks, handlers, signal } = setup({ url: serverUrl });
    await expect(handlers.elicit({ ...page, url }, signal)).resolves.toStrictEqual({
      action: 'decline',
    });
    expect(asks.list()).toEqual([]);
  });

  it('asks to open a plain-http local page when the server itself runs on this machine', async () => {
    const { handlers, only, answer, signal } = setup({ url: 'http://localhost:3000/mcp' });
    const result = handlers.elicit({ ...page, url: 'http://localhost:3000/connect' }, signal);
    expect(only()).toMatchObject({ kind: 'elicitation-url', url: 'http://localhost:3000/connect' });
    answer({ action: 'accept' });
    await expect(result).resolves.toStrictEqual({ action: 'accept' });
  });

  it('cancels a page the server gave up on before the person answered, and takes it off the list', async () => {
    const { asks, handlers, only } = setup();
    const controller = new AbortController();
    const result = handlers.elicit(page, controller.signal);
    expect(only()).toMatchObject({ kind: 'elicitation-url' });
    controller.abort();
    await expect(result).resolves.toStrictEqual({ action: 'cancel' });
    expect(asks.list()).toEqual([]);
  });

  it('answers cancel without asking when the server already has too many questions waiting', async () => {
    const { asks, handlers, signal } = setup();
    fill(asks);
    await expect(handlers.elicit(page, signal)).resolves.toStrictEqual({ action: 'cancel' });
    expect(asks.list()).toHaveLength(MAX_ASKS_PER_SERVER);
  });
});

describe('sampling', () => {
  it('shows the person what would run and whether the server may ask, then returns their approved answer', async () => {
    const { handlers, only, answer, signal } = setup({ sampling: true });
    const result = handlers.sample(SAMPLE, signal);
    expect(only()).toMatchObject({
      kind: 'sampling',
      serverId: 'docs',
      serverName: 'Docs',
      samplingEnabled: true,
    });
    answer({ action: 'sampled', text: 'Hello', model: 'scripted-model' });
    await expect(result).resolves.toStrictEqual({
      role: 'assistant',
      content: { type: 'text', text: 'Hello' },
      model: 'scripted-model',
    });
  });

  it('says sampling is off for a server the person has not allowed', async () => {
    const { handlers, only, answer, signal } = setup({ sampling: false });
    const pending = handlers.sample(SAMPLE, signal);
    expect(only()).toMatchObject({ kind: 'sampling', samplingEnabled: false });
    // Answered, so no question outlives the test (its expiry would reject with no one listening).
    answer({ action: 'decline' });
    await expect(pending).rejects.toBeInstanceOf(ProtocolError);
  });

  it('passes on why the model stopped', async () => {
    const { handlers, answer, signal } = setup();
    const result = handlers.sample(SAMPLE, signal);
    answer({ action: 'sampled', text: 'Hel', model: 'm', stopReason: 'maxTokens' });
    await expect(result).resolves.toStrictEqual({
      role: 'assistant',
      content: { type: 'text', text: 'Hel' },
      model: 'm',
      stopReason: 'maxTokens',
    });
  });

  it.each<[string, Partial<CreateMessageRequestParams>, Record<string, unknown>]>([
    ['only the messages and token limit when nothing else is set', {}, {}],
    ['the system prompt', { systemPrompt: 'Be brief.' }, { systemPrompt: 'Be brief.' }],
    ['an empty system prompt', { systemPrompt: '' }, { systemPrompt: '' }],
    ['the temperature', { temperature: 0.7 }, { temperature: 0.7 }],
    ['a temperature of zero', { temperature: 0 }, { temperature: 0 }],
    ['the stop sequences', { stopSequences: ['END'] }, { stopSequences: ['END'] }],
    [
      'the model preferences',
      { modelPreferences: { hints: [{ name: 'claude' }], speedPriority: 1 } },
      { modelPreferences: { hints: [{ name: 'claude' }], speedPriority: 1 } },
    ],
    ['the context asked for', { includeContext: 'thisServer' }, { includeContext: 'thisServer' }],
  ])('shows the person %s', async (_, extra, shown) => {
    const { handlers, only, answer, signal } = setup();
    const pending = handlers.sample(
      {
        ...SAMPLE,
        messages: [
          { role: 'user', content: { type: 'text', text: 'Say hello' }, _meta: { x: 1 } },
          { role: 'assistant', content: { type: 'text', text: 'Hi' } },
        ],
        metadata: { trace: 'abc' },
        ...extra,
      },
      signal,
    );
    const ask = only();
    if (ask.kind !== 'sampling') throw new Error('not a sampling ask');
    expect(ask.request).toStrictEqual({
      messages: [
        { role: 'user', content: { type: 'text', text: 'Say hello' } },
        { role: 'assistant', content: { type: 'text', text: 'Hi' } },
      ],
      maxTokens: 50,
      ...shown,
    });
    answer({ action: 'decline' });
    await expect(pending).rejects.toBeInstanceOf(ProtocolError);
  });

  it.each([
    ['declines', { action: 'decline' }, 'User rejected sampling request.'],
    ['cancels', { action: 'cancel' }, 'User rejected sampling request.'],
    [
      'answers with a form instead',
      { action: 'accept', content: {} },
      'User rejected sampling request.',
    ],
  ] as const)('refuses the request with code -1 when the person %s', async (_, reply, message) => {
    const { handlers, answer, signal } = setup();
    const result = handlers.sample(SAMPLE, signal);
    answer(reply);
    const error: unknown = await result.then(
      () => undefined,
      (failure: unknown) => failure,
    );
    expect(error).toBeInstanceOf(ProtocolError);
    expect(error).toMatchObject({ code: -1, message });
  });

  it('refuses a request the server gave up on, and takes it off the list', async () => {
    const { asks, handlers, only } = setup();
    const controller = new AbortController();
    const result = handlers.sample(SAMPLE, controller.signal);
    expect(only()).toMatchObject({ kind: 'sampling' });
    controller.abort();
    await expect(result).rejects.toMatchObject({
      code: -1,
      message: 'User rejected sampling request.',
    });
    expect(asks.list()).toEqual([]);
  });

  it('refuses the request saying so when the person did not answer in time', async () => {
    const { handlers, signal } = setup({ timeoutMs: 1 });
    await expect(handlers.sample(SAMPLE, signal)).rejects.toMatchObject({
      code: -1,
      message: 'The person did not answer the sampling request in time.',
    });
  });

  it('refuses with the broker’s reason when the server already has too many questions waiting', async () => {
    const { asks, handlers, signal } = setup();
    fill(asks);
    const error: unknown = await handlers.sample(SAMPLE, signal).then(
      () => undefined,
      (failure: unknown) => failure,
    );
    expect(error).toBeInstanceOf(ProtocolError);
    expect(error).toMatchObject({
      code: -1,
      message: `Docs already has ${MAX_ASKS_PER_SERVER} questions waiting for the person.`,
    });
  });

  it('lets an unexpected failure through instead of calling it a refusal', async () => {
    const { asks, handlers, signal } = setup();
    // Content that cannot be written out: the broker's size check throws, not a refusal.
    const messages = [{ role: 'user', content: { type: 'text', text: 'x', n: 1n } }];
    const error: unknown = await handlers.sample({ ...SAMPLE, messages } as never, signal).then(
      () => undefined,
      (failure: unknown) => failure,
    );
    expect(error).toBeInstanceOf(TypeError);
    expect(error).not.toBeInstanceOf(ProtocolError);
    expect(asks.list()).toEqual([]);
  });
});
