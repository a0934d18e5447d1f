/**
 * A server's resources, prompts and completions through the manager, at their edges: servers
 * that do not offer them or are switched off, requests the server refuses, what an answer keeps,
 * subscriptions' bookkeeping, and the pickers when some servers have nothing to give.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { startFixtureServer } from '../../fixtures/mcp-fixture-server';
import { startModernServer } from '../../fixtures/modern-server';
import { startPaginatedServer } from '../../fixtures/paginated-server';
import { createHarness } from '../../helpers/manager-harness';
import { cleanupsAfterEach } from '../../helpers/cleanups';

const cleanups = cleanupsAfterEach();

afterEach(() => {
  vi.useRealTimers();
});

type Harness = ReturnType<typeof createHarness>;

/** "Plain" offers tools only; "Notes" (a 2026 server) resources, a template, a prompt, completions. */
async function setup() {
  const harness = createHarness();
  cleanups.push(() => harness.dispose());
  const plain = await startFixtureServer();
  cleanups.push(() => plain.close());
  const notes = await startModernServer({ legacy: 'reject', fullClient: true });
  cleanups.push(() => notes.close());
  const plainId = await harness.addAndEnable(plain.mcpUrl, 'Plain');
  const notesId = await harness.addAndEnable(notes.mcpUrl, 'Notes');
  return { harness, notes, plainId, notesId };
}

/** A 2025-era server ("Fixture") with one resource, `fixture://notes`, one may subscribe to. */
async function withResources() {
  const harness = createHarness();
  cleanups.push(() => harness.dispose());
  const server = await startFixtureServer({ resources: true });
  cleanups.push(() => server.close());
  const id = await harness.addAndEnable(server.mcpUrl, 'Fixture');
  /** How many requests with this JSON-RPC method the server got. */
  const asked = (method: string) =>
    server.requests.filter((request) => (request.body as { method?: string })?.method === method)
      .length;
  /** Makes the server answer its next listing with HTTP 500: the connection is dropped. */
  const loseConnection = async () => {
    server.inject({ path: '/mcp', status: 500, rpcMethod: 'resources/list', body: 'down' });
    await expect(harness.manager.listResources(id)).rejects.toMatchObject({
      code: 'connection-failed',
    });
    expect((await harness.manager.viewOf(id)).status.state).toBe('error');
  };
  return { harness, server, id, asked, loseConnection };
}

/** A server ("Paged") whose lists come in pages of ten, one prompt with three completions. */
async function paged(options: Partial<Parameters<typeof startPaginatedServer>[0]> = {}) {
  const harness = createHarness();
  cleanups.push(() => harness.dispose());
  const server = await startPaginatedServer({
    toolCount: 1,
    pageSize: 10,
    promptCount: 1,
    completionCount: 3,
    ...options,
  });
  cleanups.push(() => server.close());
  const id = await harness.addAndEnable(server.url, 'Paged');
  return { harness, id };
}

const REQUESTS: [string, (harness: Harness, id: string) => Promise<unknown>, string][] = [
  ['list resources', (h, id) => h.manager.listResources(id), 'resources'],
  ['list templates', (h, id) => h.manager.listResourceTemplates(id), 'resources'],
  ['read a resource', (h, id) => h.manager.readResource(id, 'notes://today'), 'resources'],
  ['list prompts', (h, id) => h.manager.listPrompts(id), 'prompts'],
  ['get a prompt', (h, id) => h.manager.getPrompt(id, { name: 'review' }), 'prompts'],
  [
    'complete an argument',
    (h, id) =>
      h.manager.complete(id, {
        ref: { type: 'ref/prompt', name: 'review' },
        argument: { name: 'topic', value: 're' },
      }),
    'argument completions',
  ],
];

describe('what a server offers besides tools', () => {
  it.each(REQUESTS)('refuses to %s on a server that offers none', async (_name, request, what) => {
    const { harness, plainId } = await setup();
    await expect(request(harness, plainId)).rejects.toMatchObject({
      code: 'invalid-request',
      message: `Plain does not offer ${what}.`,
    });
    expect((await harness.manager.getStatus(plainId)).state).toBe('connected');
  });

  it.each(REQUESTS)('refuses to %s on a switched-off server', async (_name, request) => {
    const { harness, notes, notesId } = await setup();
    await harness.manager.disable(notesId);
    const sent = notes.requests.length;
    await expect(request(harness, notesId)).rejects.toMatchObject({
      code: 'not-enabled',
      message: 'Notes is switched off. Switch it on to use its tools.',
    });
    expect(notes.requests.length).toBe(sent);
  });

  it('says which read the server refused, and stays connected', async () => {
    const { harness, notesId } = await setup();
    await expect(harness.manager.readResource(notesId, 'notes://nowhere')).rejects.toMatchObject({
      code: 'request-failed',
      message: expect.stringMatching(/^Notes could not read notes:\/\/nowhere: \S/),
    });
    expect((await harness.manager.getStatus(notesId)).state).toBe('connected');
  });

  it('gives a prompt’s messages with the arguments filled in', async () => {
    const { harness, notesId } = await setup();
    await expect(
      harness.manager.getPrompt(notesId, { name: 'review', arguments: { topic: 'retro' } }),
    ).resolves.toStrictEqual({
      messages: [
        { role: 'user', content: { type: 'text', text: 'Review the retro in three bullets.' } },
      ],
    });
  });

  it('suggests the values the server completes, with what it says of the rest', async () => {
    const { harness, notesId } = await setup();
    const suggested = await harness.manager.complete(notesId, {
      ref: { type: 'ref/prompt', name: 'review' },
      argument: { name: 'topic', value: 're' },
    });
    expect(suggested).toStrictEqual({ values: ['release', 'retro'], total: 2, hasMore: false });
  });

  it('forgets an unsubscribe for a resource never subscribed, asking the server nothing', async () => {
    const { harness, notes, notesId } = await setup();
    const sent = notes.requests.length;
    await expect(harness.manager.unsubscribeResource(notesId, 'notes://today')).resolves.toEqual({
      subscribed: false,
    });
    expect(notes.requests.length).toBe(sent);
  });
});

describe('what a server refuses', () => {
  /** Each starts a server and gives the request it refuses. */
  const REFUSED: [string, () => Promise<() => Promise<unknown>>, RegExp][] = [
    [
      'a page of resources',
      async () => {
        const { harness, id } = await paged({ resourceCount: 5, failingLists: ['resources/list'] });
        return () => harness.manager.listResources(id);
      },
      /^Paged could not list its resources: .*resources\/list is broken/,
    ],
    [
      'a page of templates',
      async () => {
        const { harness, id } = await paged({
          resourceCount: 5,
          failingLists: ['resources/templates/list'],
        });
        return () => harness.manager.listResourceTemplates(id);
      },
      /^Paged could not list its resource templates: .*resources\/templates\/list is broken/,
    ],
    [
      'a page of prompts',
      async () => {
        const { harness, id } = await paged({ failingLists: ['prompts/list'] });
        return () => harness.manager.listPrompts(id);
      },
      /^Paged could not list its prompts: .*prompts\/list is broken/,
    ],
    [
      'a prompt',
      async () => {
        const { harness, notesId } = await setup();
        return () => harness.manager.getPrompt(notesId, { name: 'nowhere' });
      },
      /^Notes could not give the prompt nowhere: \S/,
    ],
    [
      'completions',
      async () => {
        const { harness, notesId } = await setup();
        return () =>
          harness.manager.complete(notesId, {
            ref: { type: 'ref/prompt', name: 'nowhere' },
            argument: { name: 'topic', value: 're' },
          });
      },
      /^Notes could not suggest values: \S/,
    ],
    [
      'a subscription',
      async () => {
        const { harness, server, id } = await withResources();
        server.inject({
          path: '/mcp',
          rpcMethod: 'resources/subscribe',
          rpcError: { code: -32603, message: 'no subscriptions today' },
        });
        return () => harness.manager.subscribeResource(id, 'fixture://notes');
      },
      /^Fixture could not keep fixture:\/\/notes fresh: .*no subscriptions today/,
    ],
  ];

  it.each(REFUSED)(
    'says which server refused %s, and what it could not do',
    async (_what, ask, sentence) => {
      const request = await ask();
      await expect(request()).rejects.toMatchObject({
        code: 'request-failed',
        message: expect.stringMatching(sentence),
      });
    },
  );
});

describe('what a server gives, as it gave it', () => {
  it('reads a resource afresh each time, even one the server says may be kept a while', async () => {
    const harness = createHarness();
    cleanups.push(() => harness.dispose());
    const server = await startModernServer({
      legacy: 'reject',
      fullClient: true,
      clockTtlMs: 60_000,
    });
    cleanups.push(() => server.close());
    const id = await harness.addAndEnable(server.mcpUrl, 'Clock');
    const texts = [];
    for (let read = 0; read < 2; read += 1)
      texts.push((await harness.manager.readResource(id, 'notes://clock')).contents[0]?.text);
    expect(texts).toEqual(['read 1 time', 'read 2 times']);
  });

  it('gives a prompt’s description, and sends empty arguments when none are given', async () => {
    const { harness, id } = await paged();
    await expect(harness.manager.getPrompt(id, { name: 'prompt_0' })).resolves.toStrictEqual({
      description: 'Prompt prompt_0, as asked',
      messages: [{ role: 'user', content: { type: 'text', text: 'prompt_0 with {}' } }],
    });
  });

  it('says nothing of a total or of more values when the server does not', async () => {
    const { harness, id } = await paged();
    const suggested = await harness.manager.complete(id, {
      ref: { type: 'ref/prompt', name: 'prompt_0' },
      argument: { name: 'topic', value: 'v' },
    });
    expect(suggested).toStrictEqual({
      values: ['v0', 'v1', 'v2'],
    });
  });
});

describe('a listing the server does not answer', () => {
  it('gives up on a listing after 30 seconds and keeps the connection', async () => {
    const { harness, server, id } = await withResources();
    const held = server.holdNext('resources/list');
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const listing = harness.manager.listResources(id);
    const outcome = listing.then(
      () => 'listed',
      (error: unknown) => error,
    );
    await held.arrived;
    await vi.advanceTimersByTimeAsync(29_000);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(await outcome).toMatchObject({ code: 'timeout' });
    vi.useRealTimers();
    held.release();
    expect((await harness.manager.viewOf(id)).status).toEqual({ state: 'connected' });
  });

  it('drops the connection when the server answers with an HTTP error instead', async () => {
    const { harness, server, id } = await withResources();
    server.inject({ path: '/mcp', status: 500, rpcMethod: 'resources/list', body: 'down' });
    const outcome = await harness.manager.listResources(id).then(
      () => 'listed',
      (error: unknown) => error,
    );
    const sentence =
      'Fixture had a server error (HTTP 500). This is usually temporary; retry in a moment.';
    expect(outcome).toMatchObject({ code: 'connection-failed', message: sentence });
    expect((await harness.manager.viewOf(id)).status).toEqual({ state: 'error', error: sentence });
  });
});

describe('subscriptions', () => {
  it('asks the server once, however often a resource is subscribed to', async () => {
    const { harness, server, id, asked } = await withResources();
    for (let time = 0; time < 2; time += 1)
      await expect(harness.manager.subscribeResource(id, 'fixture://notes')).resolves.toEqual({
        subscribed: true,
      });
    expect(asked('resources/subscribe')).toBe(1);
    expect(server.subscribers('fixture://notes')).toBe(1);
  });

  it('takes back a subscription unsubscribed while the server was being asked', async () => {
    const { harness, server, id } = await withResources();
    const held = server.holdNext('resources/subscribe');
    const subscribing = harness.manager.subscribeResource(id, 'fixture://notes');
    await held.arrived;
    await expect(harness.manager.unsubscribeResource(id, 'fixture://notes')).resolves.toEqual({
      subscribed: false,
    });
    held.release();
    await expect(subscribing).resolves.toEqual({ subscribed: false });
    expect(server.subscribers('fixture://notes')).toBe(0);
  });

  it('forgets a subscription even when the server refuses to end it', async () => {
    const { harness, server, id, asked } = await withResources();
    await harness.manager.subscribeResource(id, 'fixture://notes');
    server.inject({
      path: '/mcp',
      rpcMethod: 'resources/unsubscribe',
      rpcError: { code: -32603, message: 'cannot' },
    });
    await expect(harness.manager.unsubscribeResource(id, 'fixture://notes')).resolves.toEqual({
      subscribed: false,
    });
    expect(asked('resources/unsubscribe')).toBe(1);
    // Forgotten: subscribing again asks the server again.
    await harness.manager.subscribeResource(id, 'fixture://notes');
    expect(asked('resources/subscribe')).toBe(2);
  });

  it('forgets an unsubscribe for a resource never subscribed on a 2025 server too, asking it nothing', async () => {
    const { harness, id, asked } = await withResources();
    await expect(harness.manager.unsubscribeResource(id, 'fixture://notes')).resolves.toEqual({
      subscribed: false,
    });
    expect(asked('resources/unsubscribe')).toBe(0);
  });

  it('forgets a subscription when unsubscribed while the connection is down', async () => {
    const { harness, id, asked, loseConnection } = await withResources();
    await harness.manager.subscribeResource(id, 'fixture://notes');
    await loseConnection();
    await expect(harness.manager.unsubscribeResource(id, 'fixture://notes')).resolves.toEqual({
      subscribed: false,
    });
    expect(asked('resources/unsubscribe')).toBe(0);
  });

  it('refuses, each time, to subscribe on a server that does not tell when its resources change', async () => {
    const { harness, notes, notesId } = await setup();
    for (let time = 0; time < 2; time += 1)
      await expect(
        harness.manager.subscribeResource(notesId, 'notes://today'),
      ).rejects.toMatchObject({
        code: 'invalid-request',
        message: 'Notes does not tell when its resources change.',
      });
    expect(notes.methods()).not.toContain('resources/subscribe');
    expect(notes.resourceStreams()).toEqual([]);
  });
});

describe('the pickers', () => {
  it('leave out a server whose connection is down, without connecting it again', async () => {
    const { harness, id, asked, loseConnection } = await withResources();
    await loseConnection();
    const listed = asked('resources/list');
    await expect(harness.manager.allResources()).resolves.toEqual({ resources: [], templates: [] });
    expect(asked('resources/list')).toBe(listed);
    expect(asked('initialize')).toBe(1);
    expect((await harness.manager.viewOf(id)).status.state).toBe('error');
  });

  it('gather what the connected servers offer, skipping those with none or switched off', async () => {
    const { harness, notesId } = await setup();
    const off = await startModernServer({ legacy: 'reject', fullClient: true });
    cleanups.push(() => off.close());
    const offId = await harness.addAndEnable(off.mcpUrl, 'Off');
    await harness.manager.disable(offId);

    const { resources, templates } = await harness.manager.allResources();
    expect(resources.map((resource) => [resource.serverId, resource.uri])).toEqual([
      [notesId, 'notes://today'],
    ]);
    expect(templates.map((template) => [template.serverId, template.uriTemplate])).toEqual([
      [notesId, 'notes://day/{date}'],
    ]);
    const { prompts } = await harness.manager.allPrompts();
    expect(prompts.map((prompt) => [prompt.serverId, prompt.name])).toEqual([[notesId, 'review']]);
  });
});
