/**
 * What people do to a server (switch it on or off, disconnect, edit it), through the manager
 * against the fixture server: what reaches the server, what is stored and what the pages hear.
 */
import { describe, expect, it } from 'vitest';
import { startFixtureServer, type FixtureServerOptions } from '../../fixtures/mcp-fixture-server';
import { cleanupsAfterEach } from '../../helpers/cleanups';
import { createHarness } from '../../helpers/manager-harness';

const cleanups = cleanupsAfterEach();

async function setup(
  fixtureOptions: FixtureServerOptions = {},
  harnessOptions: Parameters<typeof createHarness>[0] = {},
) {
  const fixture = await startFixtureServer(fixtureOptions);
  cleanups.push(() => fixture.close());
  const harness = createHarness(harnessOptions);
  cleanups.push(() => harness.dispose());
  return { fixture, harness };
}

/** Polls `check` until it holds (10 s at most). */
async function eventually(check: () => Promise<boolean> | boolean, what: string): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`never: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

const toolsChangedFor = (harness: ReturnType<typeof createHarness>, id: string, from: number) =>
  harness.broadcaster.messages
    .slice(from)
    .filter((message) => message.type === 'mcp/tools/changed' && message.payload.serverId === id);

describe('switching a server off or disconnecting it', () => {
  it.each([
    ['switching it off', 'disable', false],
    ['disconnecting it', 'disconnect', true],
  ] as const)(
    '%s ends its session on the server and tells the pages its tools are gone',
    async (_name, action, stillEnabled) => {
      const { fixture, harness } = await setup();
      const id = await harness.addAndEnable(fixture.mcpUrl);
      await harness.waitForState(id, 'connected');
      const seen = fixture.requests.length;
      const heard = harness.broadcaster.messages.length;

      expect(await harness.manager[action](id)).toEqual({ state: 'disconnected' });

      expect(
        fixture.requests.slice(seen).filter((request) => request.method === 'DELETE'),
      ).toHaveLength(1);
      expect(fixture.sessionCount().streamable).toBe(0);
      expect(harness.store.snapshot()[`mcp.${id}.enabled`]).toBe(stillEnabled);
      expect(toolsChangedFor(harness, id, heard)).toEqual([
        expect.objectContaining({
          payload: expect.objectContaining({
            serverId: id,
            server: expect.objectContaining({ status: { state: 'disconnected' } }),
          }),
        }),
      ]);
    },
  );
});

describe('switching on a server that stopped retrying', () => {
  it('starts the retries over instead of giving up after one more failure', async () => {
    const { fixture, harness } = await setup(
      {},
      { retryPolicy: { maxRetries: 1, initialDelay: 10, maxDelay: 10, backoffMultiplier: 2 } },
    );
    const { id } = await harness.manager.addServer({ name: 'Fixture', url: fixture.mcpUrl });
    await fixture.close();
    await harness.manager.enable(id);
    await eventually(
      async () => /stopped/.test((await harness.manager.getStatus(id)).error ?? ''),
      'the retries stopped',
    );

    const status = await harness.manager.enable(id);
    expect(status.state).toBe('error');
    expect(status.error).toMatch(/Couldn't reach/);
    expect(status.error).not.toMatch(/stopped/);
  });
});

describe('editing a server', () => {
  it('keeps the connection when only the name changes', async () => {
    const { fixture, harness } = await setup();
    const id = await harness.addAndEnable(fixture.mcpUrl);
    await harness.waitForState(id, 'connected');
    const seen = fixture.requests.length;

    await harness.manager.updateServer({ id, name: 'Renamed', url: fixture.mcpUrl, headers: [] });

    expect(await harness.manager.getStatus(id)).toEqual({ state: 'connected' });
    expect(fixture.requests.slice(seen)).toEqual([]);
    const call = await harness.manager.callTool(id, { name: 'echo', arguments: { text: 'hi' } });
    expect(call.content).toEqual([{ type: 'text', text: 'hi' }]);
    expect(fixture.requests.slice(seen).map((request) => request.method)).not.toContain('DELETE');
  });

  it('ends the old session and forgets the old tools when new headers are refused', async () => {
    const { fixture, harness } = await setup({ requiredHeaders: { 'x-team': 'blue' } });
    const id = await harness.addAndEnable(fixture.mcpUrl, 'Fixture', [
      { key: 'x-team', value: 'blue' },
    ]);
    await harness.waitForState(id, 'connected');
    expect((await harness.manager.getServerTools(id)).tools.length).toBeGreaterThan(0);
    const seen = fixture.requests.length;

    await harness.manager.updateServer({
      id,
      name: 'Fixture',
      url: fixture.mcpUrl,
      headers: [{ key: 'x-team', value: 'red' }],
    });
    await harness.waitForState(id, 'needs-auth');

    const deletes = fixture.requests.slice(seen).filter((request) => request.method === 'DELETE');
    expect(deletes).toHaveLength(1);
    expect(deletes[0]?.headers['x-team']).toBe('blue');
    expect((await harness.manager.getServerTools(id)).tools).toEqual([]);
    expect((await harness.manager.getStatus(id)).error).toMatch(/check the headers/);
  });

  it('reconnects over the transport it found when only the headers change', async () => {
    const { fixture, harness } = await setup();
    const id = await harness.addAndEnable(fixture.sseUrl, 'Fixture', [
      { key: 'x-team', value: 'blue' },
    ]);
    await harness.waitForState(id, 'connected');
    expect((await harness.manager.viewOf(id)).transport).toBe('sse');
    const seen = fixture.requests.length;

    await harness.manager.updateServer({
      id,
      name: 'Fixture',
      url: fixture.sseUrl,
      headers: [{ key: 'x-team', value: 'red' }],
    });
    await harness.waitForState(id, 'connected');

    const after = fixture.requests.slice(seen);
    expect(after.some((request) => request.method === 'GET' && request.path === '/sse')).toBe(true);
    expect(after.filter((request) => request.method === 'POST' && request.path === '/sse')).toEqual(
      [],
    );
  });
});
