/**
 * Every request type through the router, against a real manager and a real 2026-era server:
 * each route must reach the operation it names and answer with exactly what that operation
 * gives (or the error it throws). The oracle is the manager itself, called directly.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PatchbayError } from '../../../src/errors/patchbay-error';
import type { McpManager } from '../../../src/mcp/manager';
import { PAGE_TOOLS_SERVER_ID } from '../../../src/messaging/page-tools-contract';
import { BROWSER_SERVER_ID } from '../../../src/messaging/browser-access-contract';
import { createRouter, type RouterOptions } from '../../../src/messaging/router';
import { startModernServer, type ModernServer } from '../../fixtures/modern-server';
import { startHarness as startBrowserAccess } from '../../helpers/browser-access-harness';
import { createHarness } from '../../helpers/manager-harness';

const EXTENSION_ID = 'ochopgbekfckekcfildinaeciimoahkb';
const ownPage = {
  id: EXTENSION_ID,
  url: `chrome-extension://${EXTENSION_ID}/sidepanel.html`,
  origin: `chrome-extension://${EXTENSION_ID}`,
};

/**
 * Sends one request through a router made for it. A router per request, not per file: its
 * routes are then built while the test runs, which mutation testing needs to change them.
 */
function askRouter(options: RouterOptions, type: string, payload?: unknown) {
  return createRouter(options).handle(
    payload === undefined ? { type } : { type, payload },
    ownPage,
  );
}

/** What the router must answer for an operation: its result, or its error's body. */
async function envelope(operation: () => Promise<unknown>) {
  try {
    return { ok: true, result: await operation() };
  } catch (error) {
    if (!PatchbayError.isInstance(error)) throw error;
    return { ok: false, error: error.toBody() };
  }
}

describe('the router’s MCP routes', () => {
  let server: ModernServer;
  const harness = createHarness();
  const ask = (type: string, payload?: unknown) =>
    askRouter({ manager: harness.manager, extensionId: EXTENSION_ID }, type, payload);
  let id: string;

  beforeAll(async () => {
    server = await startModernServer({ legacy: 'reject', fullClient: true });
    id = (await harness.manager.addServer({ name: 'Notes', url: server.mcpUrl })).id;
    await harness.manager.enable(id);
  });

  afterAll(async () => {
    await harness.dispose();
    await server.close();
  });

  type Case = [action: string, payload: unknown, direct: (m: McpManager, id: string) => unknown];
  it.each<Case>([
    ['status/get', undefined, async (m, id) => ({ status: await m.getStatus(id) })],
    ['tools/get', undefined, (m, id) => m.getServerTools(id)],
    ['resources/list', undefined, (m, id) => m.listResources(id)],
    ['resources/templates/list', undefined, (m, id) => m.listResourceTemplates(id)],
    ['resources/read', { uri: 'notes://today' }, (m, id) => m.readResource(id, 'notes://today')],
    ['prompts/list', undefined, (m, id) => m.listPrompts(id)],
    [
      'prompts/get',
      { name: 'review', arguments: { topic: 'release' } },
      (m, id) => m.getPrompt(id, { name: 'review', arguments: { topic: 'release' } }),
    ],
    [
      'completion/complete',
      { ref: { type: 'ref/prompt', name: 'review' }, argument: { name: 'topic', value: 're' } },
      (m, id) =>
        m.complete(id, {
          ref: { type: 'ref/prompt', name: 'review' },
          argument: { name: 'topic', value: 're' },
        }),
    ],
    [
      'resources/subscribe',
      { uri: 'notes://today' },
      (m, id) => m.subscribeResource(id, 'notes://today'),
    ],
    [
      'resources/unsubscribe',
      { uri: 'notes://today' },
      (m, id) => m.unsubscribeResource(id, 'notes://today'),
    ],
    [
      'tool/call',
      { name: 'echo', arguments: { text: 'hi' } },
      (m, id) => m.callTool(id, { name: 'echo', arguments: { text: 'hi' } }),
    ],
    [
      'tool/cancel',
      { callId: 'no-such-call' },
      async (m, id) => ({ cancelled: await m.cancelTool(id, { callId: 'no-such-call' }) }),
    ],
  ])('mcp/{id}/%s answers what the manager gives', async (action, payload, direct) => {
    const expected = await envelope(async () => direct(harness.manager, id));
    await expect(ask(`mcp/${id}/${action}`, payload)).resolves.toEqual(expected);
  });

  it.each<[string, unknown, (m: McpManager) => unknown]>([
    ['mcp/servers/get', undefined, async (m) => ({ servers: await m.listServers() })],
    ['mcp/tools/list', undefined, async (m) => ({ tools: await m.listEnabledTools() })],
    ['mcp/servers/export', undefined, (m) => m.exportConfiguration()],
    ['mcp/resources/list', undefined, (m) => m.allResources()],
    ['mcp/prompts/list', undefined, (m) => m.allPrompts()],
    ['mcp/asks/list', undefined, async (m) => ({ asks: await m.listAsks() })],
    [
      'mcp/asks/answer',
      { id: 'no-such-ask', answer: { action: 'decline' } },
      async (m) => ({ answered: await m.answerAsk('no-such-ask', { action: 'decline' }) }),
    ],
  ])('%s answers what the manager gives', async (type, payload, direct) => {
    const expected = await envelope(async () => direct(harness.manager));
    expect(expected.ok).toBe(true);
    await expect(ask(type, payload)).resolves.toEqual(expected);
  });

  it('tests a server before saving it, through the router', async () => {
    await expect(ask('mcp/servers/test', { name: 'Probe', url: server.mcpUrl })).resolves.toEqual({
      ok: true,
      result: {
        ok: true,
        transport: 'streamable-http',
        toolCount: expect.any(Number),
        latencyMs: expect.any(Number),
      },
    });
  });

  it('checks a connected server’s health, through the router', async () => {
    await expect(ask(`mcp/${id}/health/check`)).resolves.toMatchObject({
      ok: true,
      result: { ok: true, latencyMs: expect.any(Number) },
    });
  });

  it('adds, renames and removes a server, and switches its tools, sampling and connection', async () => {
    // The same server under a second address (URLs must differ in the list).
    const url = `${server.mcpUrl}?copy=2`;
    const added = await ask('mcp/servers/add', { name: 'Second', url });
    expect(added).toMatchObject({ ok: true, result: { server: { name: 'Second' } } });
    const second = (added as { result: { server: { id: string } } }).result.server.id;
    expect((await harness.manager.listServers()).map((view) => view.id)).toContain(second);

    await expect(
      ask('mcp/servers/update', { id: second, name: 'Renamed', url }),
    ).resolves.toMatchObject({ ok: true, result: { server: { id: second, name: 'Renamed' } } });
    expect((await harness.manager.viewOf(second)).name).toBe('Renamed');

    await expect(ask(`mcp/${second}/enable`)).resolves.toEqual({
      ok: true,
      result: { status: { state: 'connected' } },
    });
    await expect(ask(`mcp/${second}/tools/disabled/set`, { names: ['echo'] })).resolves.toEqual({
      ok: true,
      result: { names: ['echo'] },
    });
    expect((await harness.manager.getServerTools(second)).disabled).toEqual(['echo']);
    await expect(ask(`mcp/${second}/sampling/set`, { enabled: true })).resolves.toEqual({
      ok: true,
      result: { enabled: true },
    });
    expect((await harness.manager.viewOf(second)).samplingEnabled).toBe(true);
    await expect(ask(`mcp/${second}/disconnect`)).resolves.toMatchObject({
      ok: true,
      result: { status: { state: 'disconnected' } },
    });
    await expect(ask(`mcp/${second}/disable`)).resolves.toEqual({
      ok: true,
      result: { status: { state: 'disconnected' } },
    });
    expect((await harness.manager.viewOf(second)).isEnabled).toBe(false);
    // A server without OAuth has no sign-in to start; the router says what the manager says.
    await expect(ask(`mcp/${second}/auth/start`)).resolves.toEqual(
      await envelope(async () => ({ status: await harness.manager.startSignIn(second) })),
    );

    await expect(ask('mcp/servers/remove', { id: second })).resolves.toEqual({
      ok: true,
      result: { id: second },
    });
    expect((await harness.manager.listServers()).map((view) => view.id)).not.toContain(second);
  });
});

describe('the router without websites’ tools or browser access', () => {
  const harness = createHarness();
  const ask = (type: string, payload?: unknown) =>
    askRouter({ manager: harness.manager, extensionId: EXTENSION_ID }, type, payload);

  it.each<[string, unknown, unknown]>([
    ['page-tools/offers', undefined, { offers: [] }],
    ['page-tools/sites', undefined, { sites: [] }],
    ['page-tools/list', undefined, { sites: [] }],
    ['page-tools/allow', { domain: 'shop.example', always: false }, { domain: 'shop.example' }],
    ['page-tools/forget', { domain: 'shop.example' }, { domain: 'shop.example' }],
    ['page-tools/disabled/set', { domain: 'shop.example', names: ['x'] }, { names: [] }],
  ])('%s answers as if no site offered tools', async (type, payload, result) => {
    await expect(ask(type, payload)).resolves.toEqual({ ok: true, result });
  });

  it.each([
    [PAGE_TOOLS_SERVER_ID, 'No website offers tools here.'],
    [BROWSER_SERVER_ID, 'Browser access is not available here.'],
  ])('refuses a call to %s tools with not-found', async (serverId, message) => {
    await expect(
      ask(`mcp/${serverId}/tool/call`, { name: 'anything', arguments: {} }),
    ).resolves.toEqual({ ok: false, error: { code: 'not-found', message } });
  });

  it('says browser access is not available for its requests', async () => {
    await expect(ask('browser-access/get')).resolves.toEqual({
      ok: false,
      error: { code: 'not-found', message: 'Browser access is not available here.' },
    });
  });

  it.each([
    [PAGE_TOOLS_SERVER_ID, 'Websites’'],
    [BROWSER_SERVER_ID, 'The browser’s'],
  ])(
    'keeps %s tools to calls: apps may not call them, nothing to cancel, nothing else',
    async (serverId, whose) => {
      await expect(
        ask(`mcp/${serverId}/tool/call`, { name: 'x', arguments: {}, caller: 'app' }),
      ).resolves.toEqual({
        ok: false,
        error: { code: 'not-allowed', message: `${whose} tools are not for apps to call.` },
      });
      await expect(ask(`mcp/${serverId}/tool/cancel`, { callId: 'c1' })).resolves.toEqual({
        ok: true,
        result: { cancelled: false },
      });
      await expect(ask(`mcp/${serverId}/resources/list`)).resolves.toEqual({
        ok: false,
        error: { code: 'not-found', message: `${whose} tools are all there is to them.` },
      });
    },
  );
});

describe('the router’s browser-access routes', () => {
  let access: Awaited<ReturnType<typeof startBrowserAccess>>;
  let ask: (type: string, payload?: unknown) => Promise<unknown>;

  beforeAll(async () => {
    access = await startBrowserAccess();
    const manager = createHarness().manager;
    ask = (type, payload) =>
      askRouter(
        { manager, extensionId: EXTENSION_ID, browserAccess: access.access },
        type,
        payload,
      );
  });

  afterAll(async () => {
    await access.close();
  });

  it('reads the view and answers each change with the view after it', async () => {
    await expect(ask('browser-access/get')).resolves.toEqual({
      ok: true,
      result: { view: await access.view() },
    });
    await expect(ask('browser-access/in-chat/set', { enabled: true })).resolves.toMatchObject({
      ok: true,
      result: { view: { inChat: true } },
    });
    await expect(ask('browser-access/enabled/set', { enabled: false })).resolves.toMatchObject({
      ok: true,
      result: { view: { enabled: false } },
    });
    expect((await access.view()).enabled).toBe(false);
    await expect(ask('browser-access/enabled/set', { enabled: true })).resolves.toMatchObject({
      ok: true,
      result: { view: { enabled: true } },
    });
    await expect(ask('browser-access/activity/clear')).resolves.toMatchObject({
      ok: true,
      result: { view: { activity: [] } },
    });
    await expect(
      ask('browser-access/approval/answer', { id: 'no-such-call', decision: 'deny' }),
    ).resolves.toEqual({ ok: true, result: { answered: false } });
  });

  it('saves and connects the link, sets a client’s policy, forgets the client and disconnects', async () => {
    const token = await access.relay.token('alice', 'browser');
    await ask('browser-access/enabled/set', { enabled: true });
    const saved = await ask('browser-access/link/save', {
      url: access.relay.url,
      token,
      name: 'Work laptop',
    });
    expect(saved).toMatchObject({
      ok: true,
      result: { view: { link: { name: 'Work laptop', hasToken: true } } },
    });
    expect(JSON.stringify(saved)).not.toContain(token);
    await expect(ask('browser-access/link/connect')).resolves.toMatchObject({
      ok: true,
      result: { view: { link: { wanted: true } } },
    });
    await expect
      .poll(async () => (await access.view()).link.state, { timeout: 10_000 })
      .toBe('connected');

    const client = await access.client('Desk');
    await client.listTools();
    await expect
      .poll(async () => (await access.view()).clients.length, { timeout: 10_000 })
      .toBe(1);
    const clientId = (await access.view()).clients[0]?.id ?? '';
    await expect(
      ask('browser-access/client/policy', { clientId, policy: 'blocked' }),
    ).resolves.toMatchObject({
      ok: true,
      result: { view: { clients: [{ id: clientId, policy: 'blocked' }] } },
    });
    await client.close();
    await expect(ask('browser-access/client/forget', { clientId })).resolves.toMatchObject({
      ok: true,
      result: { view: { clients: [] } },
    });

    await expect(ask('browser-access/link/disconnect')).resolves.toMatchObject({
      ok: true,
      result: { view: { link: { state: 'off', wanted: false } } },
    });
  });
});
