/**
 * A session's tool cache (`ToolCache`) over a real 2026-07-28 connection: when it asks the
 * server again, what it keeps, and whom it tells.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { startModernServer } from '../../fixtures/modern-server';
import { cleanupsAfterEach } from '../../helpers/cleanups';
import { openConnection } from '../../../src/mcp/connection';
import { ToolCache } from '../../../src/mcp/session/tool-cache';

const cleanups = cleanupsAfterEach();

afterEach(() => {
  vi.useRealTimers();
});

/** A server whose lists carry no `ttlMs` and that tells no list changes: stale at once. */
async function staleListServer() {
  const server = await startModernServer({ legacy: 'reject', listChanged: false });
  cleanups.push(() => server.close());
  const connection = await openConnection({ url: server.mcpUrl });
  cleanups.push(() => connection.close());
  const listRequests = () => server.methods().filter((method) => method === 'tools/list').length;
  return { server, connection, listRequests };
}

/** Handlers that record what the cache told them. */
function recorder(current = true) {
  const heard = { changes: 0, failures: [] as unknown[] };
  return {
    heard,
    handlers: {
      stillCurrent: () => current,
      onChanged: () => void (heard.changes += 1),
      onFailed: (error: unknown) => void heard.failures.push(error),
    },
  };
}

const names = (tools: { name: string }[] | null) => tools?.map((tool) => tool.name) ?? null;

describe('a tool cache', () => {
  it('asks for a stale list at its next use and tells only when the list changed', async () => {
    const { server, connection, listRequests } = await staleListServer();
    const cache = new ToolCache();
    const { heard, handlers } = recorder();
    cache.set({ tools: [], freshUntil: 0 });

    const first = await cache.current(connection, handlers);
    expect(names(first)).toContain('echo');
    expect(cache.tools).toBe(first);
    expect(heard.changes).toBe(1);
    expect(listRequests()).toBe(1);

    const same = await cache.current(connection, handlers);
    expect(names(same)).toEqual(names(first));
    expect(listRequests()).toBe(2);
    expect(heard.changes).toBe(1);

    server.addTool('added_later');
    const changed = await cache.current(connection, handlers);
    expect(names(changed)).toEqual([...names(first)!, 'added_later']);
    expect(heard.changes).toBe(2);
    expect(heard.failures).toEqual([]);
  });

  it('treats a list without ttlMs as stale even within the millisecond it came', async () => {
    const { connection, listRequests } = await staleListServer();
    // Only the clock is frozen; the requests run on real timers.
    vi.useFakeTimers({ toFake: ['Date'] });
    const cache = new ToolCache();
    const { handlers } = recorder();
    cache.set({ tools: [], freshUntil: 0 });
    await cache.current(connection, handlers);
    await cache.current(connection, handlers);
    expect(listRequests()).toBe(2);
  });

  it('keeps what it held when the answer comes for a connection that is no longer current', async () => {
    const { connection, listRequests } = await staleListServer();
    const cache = new ToolCache();
    const { heard, handlers } = recorder(false);
    cache.set({ tools: [], freshUntil: 0 });
    expect(await cache.current(connection, handlers)).toEqual([]);
    expect(listRequests()).toBe(1);
    expect(heard.changes).toBe(0);
  });

  it('hands a failed request to its caller and keeps what it held', async () => {
    const { server, connection } = await staleListServer();
    const cache = new ToolCache();
    const { heard, handlers } = recorder();
    cache.set({ tools: [], freshUntil: 0 });
    server.failNext('tools/list');
    expect(await cache.current(connection, handlers)).toEqual([]);
    expect(heard.failures).toHaveLength(1);
    expect(heard.failures[0]).toBeInstanceOf(Error);
    expect(heard.changes).toBe(0);
  });

  it('holds nothing once cleared, and asks the server for nothing until a list is set', async () => {
    const { connection, listRequests } = await staleListServer();
    const cache = new ToolCache();
    const { handlers } = recorder();
    cache.set({ tools: [], freshUntil: 0 });
    await cache.current(connection, handlers);
    expect(cache.tools).not.toBeNull();

    cache.clear();
    expect(cache.tools).toBeNull();
    expect(await cache.current(connection, handlers)).toBeNull();
    expect(listRequests()).toBe(1);
  });
});
