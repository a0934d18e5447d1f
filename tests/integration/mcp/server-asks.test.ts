/**
 * What a 2025-era server asks the person mid-call, over the wire from the fixture server: what
 * the person is shown, what the server gets back (only what the spec lets a form hold, the
 * model's approved answer), the server confirming a page is done, and a call refused until the
 * person has been on the server's pages (-32042).
 */
import { describe, expect, it } from 'vitest';
import {
  ASK_MODEL_OPTIONS,
  startFixtureServer,
  type FixtureServer,
} from '../../fixtures/mcp-fixture-server';
import { cleanupsAfterEach } from '../../helpers/cleanups';
import { createHarness } from '../../helpers/manager-harness';

const cleanups = cleanupsAfterEach();

async function setup(options: Parameters<typeof createHarness>[0] = {}) {
  const harness = createHarness(options);
  cleanups.push(() => harness.dispose());
  const fixture = await startFixtureServer({ asks: true });
  cleanups.push(() => fixture.close());
  const serverId = await harness.addAndEnable(fixture.mcpUrl, 'Asking');
  await harness.waitForState(serverId, 'connected');
  return { harness, fixture, serverId };
}

/** The JSON a fixture tool answered with: what the client sent back to the server. */
function sentBack(result: { content: unknown[] }): unknown {
  const [first] = result.content as { type: string; text: string }[];
  return JSON.parse(first?.text ?? 'null') as unknown;
}

function toolCalls(fixture: FixtureServer): number {
  return fixture.requests.filter(
    (request) => (request.body as { method?: string } | undefined)?.method === 'tools/call',
  ).length;
}

describe('a server asking the person mid-call', () => {
  it('shows that a question waits while nobody answers it, and lets it expire after the time the manager was given', async () => {
    const waiting: number[] = [];
    const { harness, serverId } = await setup({
      askTimeoutMs: 300,
      attention: { showWaiting: (count) => waiting.push(count) },
    });
    const call = harness.manager.callTool(serverId, { name: 'ask_form', arguments: {} });
    const ask = await harness.nextAsk();
    expect(waiting).toEqual([1]);
    expect(ask.expiresAt - ask.createdAt).toBe(300);
    // Nobody answers: the server hears the question was dismissed, and nothing waits any more.
    expect(sentBack(await call)).toEqual({ action: 'cancel' });
    expect(waiting).toEqual([1, 0]);
    expect(await harness.manager.listAsks()).toEqual([]);
  });

  it('sends the server only the form values the spec allows', async () => {
    const { harness, serverId } = await setup();
    const call = harness.manager.callTool(serverId, { name: 'ask_form', arguments: {} });
    const ask = await harness.nextAsk();
    expect(ask).toMatchObject({
      kind: 'elicitation-form',
      serverId,
      serverName: 'Asking',
      message: 'Tell us about you',
    });
    await harness.manager.answerAsk(ask.id, {
      action: 'accept',
      content: { name: 'Ada', age: 36, subscribe: false, topics: ['news'], extra: { a: 1 } },
    });
    expect(sentBack(await call)).toEqual({
      action: 'accept',
      content: { name: 'Ada', age: 36, subscribe: false, topics: ['news'] },
    });
  });

  it('shows a page the server asks for, and marks it done when the server says so', async () => {
    const { harness, serverId } = await setup();
    const call = harness.manager.callTool(serverId, {
      name: 'ask_page',
      arguments: { url: 'https://accounts.example.com/connect', complete: true },
    });
    const ask = await harness.nextAsk();
    expect(ask).toMatchObject({
      kind: 'elicitation-url',
      serverId,
      url: 'https://accounts.example.com/connect',
      message: 'Connect your account',
      phase: 'asking',
    });
    await harness.manager.answerAsk(ask.id, { action: 'accept' });
    expect(sentBack(await call)).toEqual({ action: 'accept' });
    await harness.nextAsk(
      (seen) => seen.id === ask.id && seen.kind === 'elicitation-url' && seen.phase === 'completed',
    );
  });

  it('declines a page that hides where it goes without asking the person', async () => {
    const { harness, serverId } = await setup();
    const result = await harness.manager.callTool(serverId, {
      name: 'ask_page',
      arguments: { url: 'https://accounts.example.com@evil.example/' },
    });
    expect(sentBack(result)).toEqual({ action: 'decline' });
    expect(await harness.manager.listAsks()).toEqual([]);
  });

  it('shows the person every option of a sampling request and returns the answer they approved', async () => {
    const { harness, serverId } = await setup();
    const call = harness.manager.callTool(serverId, { name: 'ask_model', arguments: {} });
    const ask = await harness.nextAsk();
    if (ask.kind !== 'sampling') throw new Error(`expected a sampling ask, got ${ask.kind}`);
    expect(ask.samplingEnabled).toBe(false);
    expect(ask.request).toStrictEqual({
      messages: [{ role: 'user', content: { type: 'text', text: 'Name a colour.' } }],
      ...ASK_MODEL_OPTIONS,
    });
    await harness.manager.answerAsk(ask.id, {
      action: 'sampled',
      text: 'Teal',
      model: 'scripted-model',
      stopReason: 'endTurn',
    });
    expect(sentBack(await call)).toEqual({
      role: 'assistant',
      content: { type: 'text', text: 'Teal' },
      model: 'scripted-model',
      stopReason: 'endTurn',
    });
  });

  it('tells the server the person refused its sampling request', async () => {
    const { harness, serverId } = await setup();
    const call = harness.manager.callTool(serverId, { name: 'ask_model', arguments: {} });
    const ask = await harness.nextAsk();
    await harness.manager.answerAsk(ask.id, { action: 'decline' });
    const result = await call;
    expect(result.isError).toBe(true);
    expect(JSON.stringify(result.content)).toContain('User rejected sampling request.');
  });
});

describe('a call refused until the person has been on the server’s pages (-32042)', () => {
  const pages = [
    {
      mode: 'url',
      message: 'Sign in first',
      url: 'https://accounts.example.com/sign-in',
      elicitationId: 'sign-in',
    },
    {
      mode: 'url',
      message: 'Then grant access',
      url: 'https://grants.example.net/grant',
      elicitationId: 'grant',
    },
  ];

  it('asks for each page in turn and runs the call once the person has been on them', async () => {
    const { harness, fixture, serverId } = await setup();
    fixture.inject({
      path: '/mcp',
      rpcMethod: 'tools/call',
      rpcError: { code: -32042, message: 'Pages first', data: { elicitations: pages } },
    });
    const call = harness.manager.callTool(serverId, { name: 'echo', arguments: { text: 'hi' } });
    for (const page of pages) {
      const ask = await harness.nextAsk(
        (seen) => seen.kind === 'elicitation-url' && seen.url === page.url,
      );
      expect(ask).toMatchObject({ message: page.message, phase: 'asking', serverId });
      await harness.manager.answerAsk(ask.id, { action: 'accept' });
      await harness.nextAsk(
        (seen) => seen.id === ask.id && seen.kind === 'elicitation-url' && seen.phase === 'opened',
      );
      // The fixture never confirms: the person says they are done.
      await harness.manager.answerAsk(ask.id, { action: 'accept' });
    }
    expect(await call).toMatchObject({ content: [{ type: 'text', text: 'hi' }] });
    expect(toolCalls(fixture)).toBe(2);
  });

  it('does not run the call when a page is one Patchbay will not open', async () => {
    const { harness, fixture, serverId } = await setup();
    fixture.inject({
      path: '/mcp',
      rpcMethod: 'tools/call',
      rpcError: {
        code: -32042,
        message: 'Pages first',
        data: { elicitations: [{ ...pages[0], url: 'javascript:alert(1)' }] },
      },
    });
    await expect(
      harness.manager.callTool(serverId, { name: 'echo', arguments: { text: 'hi' } }),
    ).rejects.toMatchObject({
      code: 'tool-failed',
      message:
        'Asking did not run echo: it asked to open a page Patchbay will not open (javascript:alert(1)).',
    });
    expect(await harness.manager.listAsks()).toEqual([]);
    expect(toolCalls(fixture)).toBe(1);
  });

  it('asks for the pages once: a refusal after them reaches the caller as the server’s', async () => {
    const { harness, fixture, serverId } = await setup();
    fixture.inject({
      path: '/mcp',
      rpcMethod: 'tools/call',
      rpcError: { code: -32042, message: 'Pages first', data: { elicitations: [pages[0]] } },
      times: 2,
    });
    const call = harness.manager.callTool(serverId, { name: 'echo', arguments: { text: 'hi' } });
    const outcome = call.then(
      () => 'ran',
      (error: unknown) => error,
    );
    const ask = await harness.nextAsk();
    await harness.manager.answerAsk(ask.id, { action: 'accept' });
    await harness.nextAsk(
      (seen) => seen.id === ask.id && seen.kind === 'elicitation-url' && seen.phase === 'opened',
    );
    await harness.manager.answerAsk(ask.id, { action: 'accept' });
    expect(await outcome).toMatchObject({
      code: 'tool-failed',
      message: expect.stringContaining('Asking rejected the call to echo'),
    });
    expect(toolCalls(fixture)).toBe(2);
    // The one page, done; no second one.
    expect(
      (await harness.manager.listAsks()).map((seen) => ({
        id: seen.id,
        phase: seen.kind === 'elicitation-url' ? seen.phase : seen.kind,
      })),
    ).toEqual([{ id: ask.id, phase: 'completed' }]);
  });

  it('ends as cancelled, asking nothing more, when the call is cancelled while the person is on the page', async () => {
    const { harness, fixture, serverId } = await setup();
    fixture.inject({
      path: '/mcp',
      rpcMethod: 'tools/call',
      rpcError: { code: -32042, message: 'Pages first', data: { elicitations: pages } },
    });
    const call = harness.manager.callTool(serverId, {
      name: 'echo',
      arguments: { text: 'hi' },
      callId: 'paged',
    });
    const outcome = call.then(
      () => 'ran',
      (error: unknown) => error,
    );
    await harness.nextAsk((seen) => seen.kind === 'elicitation-url' && seen.url === pages[0]?.url);
    await expect(harness.manager.cancelTool(serverId, { callId: 'paged' })).resolves.toBe(true);
    expect(await outcome).toMatchObject({
      code: 'cancelled',
      message: 'The tool call was cancelled.',
    });
    expect(await harness.manager.listAsks()).toEqual([]);
    expect(toolCalls(fixture)).toBe(1);
  });

  it('gives the call sent again after the pages a quiet time of its own, which its progress resets', async () => {
    const { harness, fixture, serverId } = await setup();
    fixture.inject({
      path: '/mcp',
      rpcMethod: 'tools/call',
      rpcError: { code: -32042, message: 'Pages first', data: { elicitations: [pages[0]] } },
    });
    // 5 steps 400 ms apart: longer in all than the 1.5 s quiet time, never that long quiet
    // (150 ms apart against 0.5 s read a starved gap between steps as quiet under load).
    const call = harness.manager.callTool(serverId, {
      name: 'slow_count',
      arguments: { steps: 5, delayMs: 400 },
      timeoutMs: 1500,
    });
    const ask = await harness.nextAsk();
    await harness.manager.answerAsk(ask.id, { action: 'accept' });
    await harness.nextAsk(
      (seen) => seen.id === ask.id && seen.kind === 'elicitation-url' && seen.phase === 'opened',
    );
    await harness.manager.answerAsk(ask.id, { action: 'accept' });
    expect(await call).toMatchObject({ content: [{ type: 'text', text: 'Counted to 5.' }] });
  });

  it('does not run the call when the person declines the page', async () => {
    const { harness, fixture, serverId } = await setup();
    fixture.inject({
      path: '/mcp',
      rpcMethod: 'tools/call',
      rpcError: { code: -32042, message: 'Pages first', data: { elicitations: pages } },
    });
    const call = harness.manager.callTool(serverId, { name: 'echo', arguments: { text: 'hi' } });
    const outcome = call.then(
      () => 'ran',
      (error: unknown) => error,
    );
    await harness.manager.answerAsk((await harness.nextAsk()).id, { action: 'decline' });
    expect(await outcome).toMatchObject({
      code: 'tool-failed',
      message:
        'Asking did not run echo: it needs you to finish something on accounts.example.com first, and that was not done.',
    });
    expect(toolCalls(fixture)).toBe(1);
  });
});
