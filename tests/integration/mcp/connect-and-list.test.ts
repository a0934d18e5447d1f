/**
 * Opening a connection and fetching its tool list (`connectAndList`) against real servers: the
 * second tries it makes (a stored session gone, a stored era the server no longer speaks), the
 * ones it does not, and the sessions it leaves behind (none).
 */
import { describe, expect, it } from 'vitest';
import { startFixtureServer, type FixtureServerOptions } from '../../fixtures/mcp-fixture-server';
import { startModernServer, type ModernServerOptions } from '../../fixtures/modern-server';
import { cleanupsAfterEach } from '../../helpers/cleanups';
import { openConnection, type Connection } from '../../../src/mcp/connection';
import { connectAndList } from '../../../src/mcp/session/connect-and-list';
import { toConnectionError } from '../../../src/mcp/classify-error';

const cleanups = cleanupsAfterEach();

async function legacyServer(options: FixtureServerOptions = {}) {
  const fixture = await startFixtureServer(options);
  cleanups.push(() => fixture.close());
  const rpc = (method: string) =>
    fixture.requests.filter(
      (request) => (request.body as { method?: string } | undefined)?.method === method,
    ).length;
  const deletes = () => fixture.requests.filter((request) => request.method === 'DELETE').length;
  return { fixture, rpc, deletes };
}

async function modernServer(options: Partial<ModernServerOptions> = {}) {
  const server = await startModernServer({ legacy: 'reject', ...options });
  cleanups.push(() => server.close());
  return server;
}

/** Keeps a connection the test got, to close after it. */
function kept(connection: Connection): Connection {
  cleanups.push(() => connection.close({ terminate: true }));
  return connection;
}

const toolNames = (tools: { name: string }[]) => tools.map((tool) => tool.name);

describe('connecting and listing the tools', () => {
  it('lists the tools with nobody to tell of the connection', async () => {
    const { fixture } = await legacyServer();
    const { connection, list } = await connectAndList({ url: fixture.mcpUrl });
    kept(connection);
    expect(toolNames(list.tools)).toContain('echo');
  });

  it('ends the session and tries nothing else when the list fails on a fresh connection', async () => {
    const { fixture, rpc, deletes } = await legacyServer();
    fixture.inject({ path: '/mcp', rpcMethod: 'tools/list', status: 500 });
    await expect(connectAndList({ url: fixture.mcpUrl })).rejects.toMatchObject({
      kind: 'server',
    });
    expect(rpc('initialize')).toBe(1);
    expect(deletes()).toBe(1);
    expect(fixture.sessionCount().streamable).toBe(0);
  });

  it('shakes hands afresh, in the same era, when the stored session is gone', async () => {
    const { fixture, rpc } = await legacyServer();
    const first = await openConnection({ url: fixture.mcpUrl });
    const resume = { sessionId: first.sessionId!, handshake: first.handshake! };
    await first.close({ terminate: true });

    const { connection, list } = await connectAndList({
      url: fixture.mcpUrl,
      era: first.era,
      resume,
    });
    kept(connection);
    expect(connection.resumed).toBe(false);
    expect(connection.eraReused).toBe(true);
    expect(toolNames(list.tools)).toContain('echo');
    expect(rpc('initialize')).toBe(2);
  });

  it('does not shake hands again when a stored session is refused for lack of credentials', async () => {
    const { fixture, rpc } = await legacyServer({ requiredHeaders: { 'x-team': 'blue' } });
    const headers = { 'x-team': 'blue' };
    const first = await openConnection({ url: fixture.mcpUrl, headers });
    const resume = { sessionId: first.sessionId!, handshake: first.handshake! };
    await first.close();

    await expect(
      connectAndList({ url: fixture.mcpUrl, era: first.era, resume, headers: { 'x-team': 'red' } }),
    ).rejects.toMatchObject({ kind: 'auth' });
    expect(rpc('initialize')).toBe(1);
  });

  it('probes the era again when a list on a stored era fails, and ends that session too when it fails again', async () => {
    const { fixture, rpc, deletes } = await legacyServer();
    const first = await openConnection({ url: fixture.mcpUrl });
    await first.close({ terminate: true });
    fixture.inject({ path: '/mcp', rpcMethod: 'tools/list', status: 500, times: 2 });

    const failure = await connectAndList({ url: fixture.mcpUrl, era: first.era }).then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(toConnectionError(failure)).toMatchObject({ kind: 'server', details: { status: 500 } });
    expect(rpc('initialize')).toBe(3);
    expect(deletes()).toBe(3);
    expect(fixture.sessionCount().streamable).toBe(0);
  });

  it('does not blame a stored 2026 era for a list refused for lack of credentials', async () => {
    const server = await modernServer({ requiredHeaders: { 'x-team': 'blue' } });
    const first = await openConnection({ url: server.mcpUrl, headers: { 'x-team': 'blue' } });
    await first.close();
    const probes = server.methods().filter((method) => method === 'server/discover').length;

    await expect(
      connectAndList({ url: server.mcpUrl, era: first.era, headers: { 'x-team': 'red' } }),
    ).rejects.toMatchObject({ kind: 'auth' });
    expect(server.methods().filter((method) => method === 'server/discover').length).toBe(probes);
  });
});
