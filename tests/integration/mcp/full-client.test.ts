/**
 * The whole MCP client against the protocol's reference server, over both of its transports:
 * resources (pages, templates, reads, subscriptions), prompts with arguments and completions,
 * and what the server asks of the person mid-call (forms, pages to open, model runs).
 */
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { startServerEverything, type ServerEverything } from '../../fixtures/server-everything';
import { createHarness } from '../../helpers/manager-harness';

describe.each([['streamableHttp'], ['sse']] as const)('server-everything over %s', (mode) => {
  let server: ServerEverything;
  const harness = createHarness({ toolTimeoutMs: 2_000 });
  let serverId: string;

  beforeAll(async () => {
    server = await startServerEverything(mode);
    serverId = (await harness.manager.addServer({ name: 'Everything', url: server.url })).id;
    await harness.manager.enable(serverId);
  });

  afterAll(async () => {
    await harness.dispose();
    await server?.close();
  });

  afterEach(() => {
    vi.useRealTimers();
  });

  it('says what the server offers besides tools', async () => {
    const view = await harness.manager.viewOf(serverId);
    expect(view.features).toEqual({
      resources: true,
      resourceSubscriptions: true,
      prompts: true,
      completions: true,
    });
    expect(view.instructions).toMatch(/\S/);
  });

  it('lists resources page by page and reads one', async () => {
    const first = await harness.manager.listResources(serverId);
    expect(first.resources.length).toBeGreaterThan(0);
    expect(first.resources[0]).toMatchObject({ serverId, uri: expect.any(String) });
    const uris = new Set(first.resources.map((resource) => resource.uri));
    let cursor = first.nextCursor;
    for (let pages = 0; cursor && pages < 20; pages += 1) {
      const next = await harness.manager.listResources(serverId, cursor);
      for (const resource of next.resources) {
        expect(uris.has(resource.uri)).toBe(false);
        uris.add(resource.uri);
      }
      cursor = next.nextCursor;
    }
    const target = first.resources.find((resource) => resource.mimeType?.startsWith('text/'));
    expect(target).toBeDefined();
    const read = await harness.manager.readResource(serverId, target?.uri ?? '');
    expect(read.contents[0]).toMatchObject({ uri: target?.uri, text: expect.any(String) });
  });

  it('gathers every connected server’s resources and templates for the picker', async () => {
    const all = await harness.manager.allResources();
    expect(all.resources.every((resource) => resource.serverId === serverId)).toBe(true);
    expect(all.templates.map((template) => template.uriTemplate)).toEqual(
      expect.arrayContaining(['demo://resource/dynamic/text/{resourceId}']),
    );
  });

  it('completes a template variable and reads the expanded resource', async () => {
    const completion = await harness.manager.complete(serverId, {
      ref: { type: 'ref/resource', uri: 'demo://resource/dynamic/text/{resourceId}' },
      argument: { name: 'resourceId', value: '7' },
    });
    expect(completion.values).toEqual(['7']);
    const read = await harness.manager.readResource(serverId, 'demo://resource/dynamic/text/7');
    expect(read.contents[0]?.text).toMatch(/7/);
  });

  it('refuses to read a resource the server does not have, and stays connected', async () => {
    await expect(
      harness.manager.readResource(serverId, 'demo://resource/nowhere/0'),
    ).rejects.toMatchObject({ code: 'request-failed' });
    expect((await harness.manager.viewOf(serverId)).status.state).toBe('connected');
  });

  it('lists prompts with their arguments and gets one with completed arguments', async () => {
    const { prompts } = await harness.manager.allPrompts();
    const team = prompts.find((prompt) => prompt.name === 'completable-prompt');
    expect(team).toMatchObject({
      serverId,
      title: 'Team Management',
      arguments: expect.arrayContaining([expect.objectContaining({ name: 'department' })]),
    });
    const departments = await harness.manager.complete(serverId, {
      ref: { type: 'ref/prompt', name: 'completable-prompt' },
      argument: { name: 'department', value: 'E' },
    });
    expect(departments.values).toEqual(['Engineering']);
    // The second argument's suggestions depend on the first (the context).
    const names = await harness.manager.complete(serverId, {
      ref: { type: 'ref/prompt', name: 'completable-prompt' },
      argument: { name: 'name', value: '' },
      context: { department: 'Sales' },
    });
    expect(names.values).toEqual(['David', 'Eve', 'Frank']);
    const prompt = await harness.manager.getPrompt(serverId, {
      name: 'completable-prompt',
      arguments: { department: 'Sales', name: 'Eve' },
    });
    expect(prompt.messages).toEqual([
      {
        role: 'user',
        content: { type: 'text', text: 'Please promote Eve to the head of the Sales team.' },
      },
    ]);
  });

  it('returns resource links the person can open', async () => {
    const result = await harness.manager.callTool(serverId, {
      name: 'get-resource-links',
      arguments: { count: 2 },
    });
    const links = result.content.filter((item) => item.type === 'resource_link');
    expect(links).toHaveLength(2);
    const read = await harness.manager.readResource(serverId, String(links[0]?.uri));
    expect(read.contents[0]?.uri).toBe(links[0]?.uri);
  });

  it('asks the person a form mid-call and sends their answer with the defaults', async () => {
    // The call's timers on a clock the test moves (it also runs on by itself, as time passes).
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'], shouldAdvanceTime: true });
    const call = harness.manager.callTool(serverId, {
      name: 'trigger-elicitation-request',
      arguments: {},
    });
    const ask = await harness.nextAsk();
    expect(ask).toMatchObject({
      kind: 'elicitation-form',
      serverId,
      serverName: 'Everything',
      message: 'Please provide inputs for the following fields:',
    });
    // Waiting on the person stops the call's clock: the 2 s limit passes meanwhile.
    await vi.advanceTimersByTimeAsync(2_500);
    expect(
      await harness.manager.answerAsk(ask.id, {
        action: 'accept',
        content: {
          name: 'Ada Lovelace',
          check: true,
          email: 'ada@example.com',
          untitledMultipleSelectEnum: ['Piano'],
        },
      }),
    ).toBe(true);
    const result = JSON.stringify(await call);
    expect(result).toContain('Ada Lovelace');
    // Defaults the person left alone are filled in (SEP-1034).
    expect(result).toContain('It was a dark and stormy night.');
    expect(await harness.manager.listAsks()).toEqual([]);
  });

  it('tells the server when the person declines a form', async () => {
    const call = harness.manager.callTool(serverId, {
      name: 'trigger-elicitation-request',
      arguments: {},
    });
    const ask = await harness.nextAsk();
    await harness.manager.answerAsk(ask.id, { action: 'decline' });
    expect(JSON.stringify(await call)).toMatch(/declin/i);
  });

  it('opens a page first when the server refuses a call until then (-32042), then runs it', async () => {
    const call = harness.manager.callTool(serverId, {
      name: 'trigger-url-elicitation',
      arguments: { url: 'https://accounts.example.com/connect', errorPath: true },
    });
    const prerequisite = await harness.nextAsk();
    expect(prerequisite).toMatchObject({
      kind: 'elicitation-url',
      url: 'https://modelcontextprotocol.io',
      phase: 'asking',
    });
    await harness.manager.answerAsk(prerequisite.id, { action: 'accept' });
    // The page is open; this server never confirms, so the person says they are done.
    await harness.nextAsk(
      (ask) =>
        ask.id === prerequisite.id && ask.kind === 'elicitation-url' && ask.phase === 'opened',
    );
    await harness.manager.answerAsk(prerequisite.id, { action: 'accept' });
    // The call goes again, and this time the server asks for its page in the call itself.
    const page = await harness.nextAsk(
      (ask) => ask.kind === 'elicitation-url' && ask.url === 'https://accounts.example.com/connect',
    );
    await harness.manager.answerAsk(page.id, { action: 'accept' });
    expect(JSON.stringify(await call)).toMatch(/accept/i);
    for (const ask of await harness.manager.listAsks())
      await harness.manager.answerAsk(ask.id, { action: 'cancel' });
  });

  it('does not run a refused call when the person will not open the page', async () => {
    const call = harness.manager.callTool(serverId, {
      name: 'trigger-url-elicitation',
      arguments: { url: 'https://accounts.example.com/other', errorPath: true },
    });
    const prerequisite = await harness.nextAsk();
    await harness.manager.answerAsk(prerequisite.id, { action: 'decline' });
    await expect(call).rejects.toMatchObject({
      code: 'tool-failed',
      message: expect.stringMatching(/needs you to finish something on modelcontextprotocol\.io/),
    });
  });

  it('runs a sampling request only with the answer the person approved', async () => {
    const call = harness.manager.callTool(serverId, {
      name: 'trigger-sampling-request',
      arguments: { prompt: 'Say hello', maxTokens: 50 },
    });
    const ask = await harness.nextAsk();
    expect(ask).toMatchObject({ kind: 'sampling', samplingEnabled: false });
    if (ask.kind !== 'sampling') throw new Error('not a sampling ask');
    expect(JSON.stringify(ask.request.messages)).toContain('Say hello');
    expect(ask.request.maxTokens).toBe(50);
    await harness.manager.answerAsk(ask.id, {
      action: 'sampled',
      text: 'Hello from the person’s model',
      model: 'scripted-model',
    });
    expect(JSON.stringify(await call)).toContain('Hello from the person’s model');
  });

  it('tells the server when the person refuses a sampling request', async () => {
    const call = harness.manager.callTool(serverId, {
      name: 'trigger-sampling-request',
      arguments: { prompt: 'Say hello', maxTokens: 50 },
    });
    const ask = await harness.nextAsk();
    await harness.manager.answerAsk(ask.id, { action: 'decline' });
    const outcome = await call.then(
      (result) => JSON.stringify(result),
      (error: unknown) => String(error),
    );
    expect(outcome).toMatch(/rejected/i);
  });

  it('remembers per server whether sampling is allowed', async () => {
    await harness.manager.setSampling(serverId, true);
    expect((await harness.manager.viewOf(serverId)).samplingEnabled).toBe(true);
    expect(await harness.store.get(`mcp.${serverId}.sampling`)).toBe(true);
    await harness.manager.setSampling(serverId, false);
    expect((await harness.manager.viewOf(serverId)).samplingEnabled).toBeUndefined();
  });

  it('hears when a subscribed resource changes', async () => {
    const { resources } = await harness.manager.listResources(serverId);
    const uri = resources[0]?.uri ?? '';
    const updated = new Promise<string>((resolve) => {
      const stop = harness.broadcaster.listen((message) => {
        if (message.type === 'mcp/resource/updated' && message.payload.serverId === serverId) {
          stop();
          resolve(message.payload.uri);
        }
      });
    });
    await harness.manager.subscribeResource(serverId, uri);
    await harness.manager.callTool(serverId, { name: 'toggle-subscriber-updates', arguments: {} });
    expect(await updated).toBe(uri);
    await harness.manager.callTool(serverId, { name: 'toggle-subscriber-updates', arguments: {} });
    expect(await harness.manager.unsubscribeResource(serverId, uri)).toEqual({ subscribed: false });
  });

  it('withdraws the server’s questions when it is switched off', async () => {
    const call = harness.manager.callTool(serverId, {
      name: 'trigger-elicitation-request',
      arguments: {},
    });
    const outcome = call.then(
      () => 'finished',
      (error: unknown) => error,
    );
    await harness.nextAsk();
    await harness.manager.disable(serverId);
    expect(await outcome).toMatchObject({ code: 'cancelled' });
    expect(await harness.manager.listAsks()).toEqual([]);
    await harness.manager.enable(serverId);
    await harness.waitForState(serverId, 'connected');
  });
});
