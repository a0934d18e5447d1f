/**
 * `listAllTools` over real connections: until when a server's tool list may be used
 * (`freshUntil`) from its `ttlMs`, its `tools.listChanged` capability and its era.
 */
import { describe, expect, it } from 'vitest';
import { startModernServer } from '../../fixtures/modern-server';
import { startPaginatedServer } from '../../fixtures/paginated-server';
import { cleanupsAfterEach } from '../../helpers/cleanups';
import { openConnection } from '../../../src/mcp/connection';
import { listAllTools } from '../../../src/mcp/list-tools';

const cleanups = cleanupsAfterEach();

/** The `now` handed to listAllTools: far from the real clock, so any use of it shows. */
const NOW = 1_000_000;

async function connect(url: string) {
  const connection = await openConnection({ url });
  cleanups.push(() => connection.close());
  return connection;
}

describe('listAllTools, 2026-07-28 servers', () => {
  it.each([
    ['keeps a list with a positive ttlMs for that long', 60_000, false, NOW + 60_000],
    ['keeps it for its ttlMs even when the server tells list changes', 60_000, true, NOW + 60_000],
    ['makes a list with ttlMs 0 stale at once', 0, false, NOW],
    ['keeps a list with ttlMs 0 while the server tells list changes', 0, true, Infinity],
  ] as const)('%s', async (_name, toolsTtlMs, listChanged, freshUntil) => {
    const server = await startModernServer({ legacy: 'reject', toolsTtlMs, listChanged });
    cleanups.push(() => server.close());
    const list = await listAllTools(await connect(server.mcpUrl), NOW);
    expect(list.freshUntil).toBe(freshUntil);
    expect(list.tools.map((tool) => tool.name)).toContain('echo');
  });
});

describe('listAllTools, 2025-era servers', () => {
  it.each([
    ['keeps a list without hints until it changes', undefined, Infinity],
    ['keeps a list with a numeric ttlMs for that long', 60_000, NOW + 60_000],
    ['ignores a ttlMs that is not a number', '60000', Infinity],
  ] as const)('%s', async (_name, toolsTtlMs, freshUntil) => {
    const server = await startPaginatedServer({ toolCount: 3, pageSize: 2, toolsTtlMs });
    cleanups.push(() => server.close());
    const list = await listAllTools(await connect(server.url), NOW);
    expect(list).toEqual({
      tools: [
        expect.objectContaining({ name: 'tool_0000' }),
        expect.objectContaining({ name: 'tool_0001' }),
        expect.objectContaining({ name: 'tool_0002' }),
      ],
      freshUntil,
    });
  });

  it('gives a server without the tools capability an empty list, kept until it changes', async () => {
    const server = await startPaginatedServer({
      toolCount: 0,
      pageSize: 10,
      noTools: true,
      promptCount: 1,
    });
    cleanups.push(() => server.close());
    expect(await listAllTools(await connect(server.url), NOW)).toEqual({
      tools: [],
      freshUntil: Infinity,
    });
    expect(server.listRequests).toBe(0);
  });
});
