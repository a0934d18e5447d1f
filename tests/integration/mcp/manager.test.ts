/**
 * The manager's own bookkeeping against the real fixture server: what pages are told when the
 * list of servers changes, what removing a server ends, edits checked against the other
 * servers, and closing every connection without ending the sessions (a worker stopping).
 */
import { describe, expect, it } from 'vitest';
import { refreshAlarmName } from '../../../src/oauth/session';
import { startFixtureServer } from '../../fixtures/mcp-fixture-server';
import { cleanupsAfterEach } from '../../helpers/cleanups';
import { createHarness } from '../../helpers/manager-harness';

const cleanups = cleanupsAfterEach();

async function setUp(options: Parameters<typeof startFixtureServer>[0] = {}) {
  const fixture = await startFixtureServer(options);
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

  it('removing a server while it connects ends the attempt, and pages last hear it is disconnected', async () => {
    const { fixture, harness } = await setUp();
    const { id } = await harness.manager.addServer({ name: 'Fixture', url: fixture.mcpUrl });
    const held = fixture.holdNext('initialize');
    const enabling = harness.manager.enable(id).then(
      (status) => status,
      (error: unknown) => error,
    );
    await held.arrived;
    await harness.manager.removeServer(id);
    held.release();
    await enabling;
    const states = harness.broadcaster.messages.flatMap((message) =>
      message.type === 'mcp/status/changed' && message.payload.serverId === id
        ? [message.payload.status.state]
        : [],
    );
    expect(states.at(-1)).toBe('disconnected');
    await expect.poll(() => fixture.sessionCount().streamable, { timeout: 10_000 }).toBe(0);
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

  it('tells pages the tools changed when some are switched off, and offers the model only the others', async () => {
    const { fixture, harness, told } = await setUp();
    const id = await harness.addAndEnable(fixture.mcpUrl);
    const before = told('mcp/tools/changed').length;
    await expect(harness.manager.setDisabledTools(id, ['echo', 'fail', 'echo'])).resolves.toEqual([
      'echo',
      'fail',
    ]);
    expect(told('mcp/tools/changed').slice(before)).toEqual([
      {
        type: 'mcp/tools/changed',
        payload: { serverId: id, server: expect.objectContaining({ id }) },
      },
    ]);
    const offered = (await harness.manager.listEnabledTools()).map((tool) => tool.name);
    expect(offered).toContain('create_event');
    expect(offered).not.toContain('echo');
    expect(offered).not.toContain('fail');
  });

  it('tells pages when a server is allowed to run the person’s model, and when no longer', async () => {
    const { harness } = await setUp();
    const { id } = await harness.manager.addServer({
      name: 'Docs',
      url: 'https://docs.example.com/mcp',
    });
    const samplingOf = () =>
      harness.broadcaster.messages.flatMap((message) =>
        message.type === 'mcp/status/changed' && message.payload.serverId === id
          ? [message.payload.server?.samplingEnabled ?? false]
          : [],
      );
    await harness.manager.setSampling(id, true);
    await harness.manager.setSampling(id, false);
    expect(samplingOf()).toEqual([true, false]);
  });

  it('keeps a server’s resource fresh when a page subscribes to it', async () => {
    const { fixture, harness } = await setUp({ resources: true });
    const id = await harness.addAndEnable(fixture.mcpUrl);
    await expect(harness.manager.subscribeResource(id, 'fixture://notes')).resolves.toEqual({
      subscribed: true,
    });
    expect(fixture.subscribers('fixture://notes')).toBe(1);
  });

  it('changes nothing on a refresh alarm for a server not signed in, or no longer there', async () => {
    const { harness, told } = await setUp();
    const { id } = await harness.manager.addServer({
      name: 'Docs',
      url: 'https://docs.example.com/mcp',
    });
    const before = harness.broadcaster.messages.length;
    // Alarms may outlive what scheduled them (a worker restarted, storage cleared).
    for (const serverId of [id, 'removed-server']) {
      await harness.alarms.schedule(refreshAlarmName(serverId), Date.now() + 60_000);
      harness.alarms.fire(refreshAlarmName(serverId));
    }
    // The alarms are handled once the manager has loaded, before anything asked after them.
    await harness.manager.listServers();
    expect(harness.broadcaster.messages.slice(before)).toEqual([]);
    expect(told('mcp/status/changed')).toEqual([]);
    expect((await harness.manager.getStatus(id)).state).toBe('disconnected');
  });

  it('in a new worker, lists the tools of the servers it reaches and connects one whose tools are asked for', async () => {
    const { fixture, harness } = await setUp();
    const down = await startFixtureServer();
    cleanups.push(() => down.close());
    const reachable = await harness.addAndEnable(fixture.mcpUrl, 'Reachable');
    const unreachable = await harness.addAndEnable(down.mcpUrl, 'Unreachable');
    const switchedOff = await startFixtureServer();
    cleanups.push(() => switchedOff.close());
    const { id: off } = await harness.manager.addServer({ name: 'Off', url: switchedOff.mcpUrl });
    await harness.dispose();
    await down.close();

    const listing = createHarness({ store: harness.store });
    cleanups.push(() => listing.dispose());
    const offered = await listing.manager.listEnabledTools();
    expect(offered.length).toBeGreaterThan(0);
    expect(offered.filter((tool) => tool.serverId !== reachable)).toEqual([]);

    const asking = createHarness({ store: harness.store });
    cleanups.push(() => asking.dispose());
    const { tools } = await asking.manager.getServerTools(reachable);
    expect(tools.map((tool) => tool.name)).toContain('echo');
    expect((await asking.manager.getStatus(reachable)).state).toBe('connected');
    // Asking for the tools of a server that is down, or switched off, fails nothing.
    await expect(asking.manager.getServerTools(unreachable)).resolves.toMatchObject({
      disabled: [],
    });
    await expect(asking.manager.getServerTools(off)).resolves.toEqual({ tools: [], disabled: [] });
    expect(switchedOff.requests).toEqual([]);
    expect((await asking.manager.getStatus(off)).state).toBe('disconnected');
  });

  it('refuses an answer to a question it does not have', async () => {
    const { harness } = await setUp();
    await expect(harness.manager.answerAsk('no-such-ask', { action: 'cancel' })).resolves.toBe(
      false,
    );
  });
});
