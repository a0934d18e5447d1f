/**
 * The manager's own bookkeeping against the real fixture server: what pages are told when the
 * list of servers changes, what removing a server ends, edits checked against the other
 * servers, and closing every connection without ending the sessions (a worker stopping).
 */
import { describe, expect, it } from 'vitest';
import { startFixtureServer } from '../fixtures/mcp-fixture-server';
import { cleanupsAfterEach } from '../helpers/cleanups';
import { createHarness } from '../helpers/manager-harness';

const cleanups = cleanupsAfterEach();

async function setUp() {
  const fixture = await startFixtureServer();
  cleanups.push(() => fixture.close());
  const harness = createHarness();
  cleanups.push(() => harness.dispose());
  const told = (type: string) =>
    harness.broadcaster.messages.filter((message) => message.type === type);
  return { fixture, harness, told };
}

const deletes = (fixture: Awaited<ReturnType<typeof startFixtureServer>>) =>
  fixture.requests.filter((request) => request.method === 'DELETE');

describe('the server manager', () => {
  it('tells pages each time the list of servers changes: added, edited, removed', async () => {
    const { harness, told } = await setUp();
    const added = await harness.manager.addServer({
      name: 'Docs',
      url: 'https://docs.example.com/mcp',
    });
    expect(told('mcp/servers/changed')).toHaveLength(1);
    await harness.manager.updateServer({ id: added.id, name: 'Docs 2', url: added.url });
    expect(told('mcp/servers/changed')).toHaveLength(2);
    await harness.manager.removeServer(added.id);
    expect(told('mcp/servers/changed')).toHaveLength(3);
    expect(told('mcp/servers/changed').every((message) => message.payload !== undefined)).toBe(
      true,
    );
  });

  it('removing a connected server ends its session on the server, forgets it, and drops its tools', async () => {
    const { fixture, harness, told } = await setUp();
    const id = await harness.addAndEnable(fixture.mcpUrl);
    const sessionId = harness.store.snapshot()[`mcp.${id}.sessionId`];
    await harness.manager.removeServer(id);

    expect(deletes(fixture).map((request) => request.headers['mcp-session-id'])).toEqual([
      sessionId,
    ]);
    expect(told('mcp/tools/changed').at(-1)).toEqual({
      type: 'mcp/tools/changed',
      payload: { serverId: id },
    });
    expect(await harness.manager.listServers()).toEqual([]);
    expect(await harness.manager.listEnabledTools()).toEqual([]);
    expect(Object.keys(harness.store.snapshot()).filter((key) => key.includes(id))).toEqual([]);
    await expect(harness.manager.getStatus(id)).rejects.toThrow(
      `There is no server with id "${id}". It may have been removed.`,
    );
  });

  it('lets an edit keep its own name and address, but not take another server’s', async () => {
    const { harness } = await setUp();
    const docs = await harness.manager.addServer({
      name: 'Docs',
      url: 'https://docs.example.com/mcp',
    });
    await harness.manager.addServer({ name: 'Mail', url: 'https://mail.example.com/mcp' });
    await expect(
      harness.manager.updateServer({
        id: docs.id,
        name: 'Docs',
        url: 'https://docs.example.com/mcp',
        headers: [{ key: 'X-Team', value: 'blue' }],
      }),
    ).resolves.toMatchObject({ id: docs.id, name: 'Docs' });
    await expect(
      harness.manager.updateServer({ id: docs.id, name: 'Mail', url: docs.url }),
    ).rejects.toThrow('A server named "Mail" already exists. Pick another name.');
    await expect(
      harness.manager.updateServer({
        id: docs.id,
        name: 'Docs',
        url: 'https://mail.example.com/mcp',
      }),
    ).rejects.toThrow('A server with this URL is already in your list.');
  });

  it('closes every connection without ending the sessions, as a worker that stops', async () => {
    const { fixture, harness } = await setUp();
    await harness.addAndEnable(fixture.mcpUrl, 'First');
    await harness.addAndEnable(`${fixture.url}/mcp?second`, 'Second');
    await harness.manager.closeAll();
    expect(deletes(fixture)).toEqual([]);
    expect(fixture.sessionCount().streamable).toBe(2);
    // Both connections are closed: their event streams end on the server.
    await expect.poll(() => fixture.openGetStreams(), { timeout: 10_000 }).toBe(0);
  });

  it('refuses an answer to a question it does not have', async () => {
    const { harness } = await setUp();
    await expect(harness.manager.answerAsk('no-such-ask', { action: 'cancel' })).resolves.toBe(
      false,
    );
  });
});
