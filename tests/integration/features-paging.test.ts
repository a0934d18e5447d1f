/**
 * Resources page by page, as the Servers view and the "@" picker ask for them, and what a
 * server's unusable answer does (and does not do) to its connection.
 */
import { describe, expect, it } from 'vitest';
import { startPaginatedServer } from '../fixtures/paginated-server';
import { createHarness } from '../helpers/manager-harness';
import { cleanupsAfterEach } from '../helpers/cleanups';

const cleanups = cleanupsAfterEach();

async function setup(options: Parameters<typeof startPaginatedServer>[0]) {
  const server = await startPaginatedServer(options);
  cleanups.push(() => server.close());
  const harness = createHarness();
  cleanups.push(() => harness.dispose());
  const { id } = await harness.manager.addServer({ name: 'Paged', url: server.url });
  await harness.manager.enable(id);
  return { server, harness, id };
}

describe('resources in pages', () => {
  it('asks for one page at a time and hands back the cursor', async () => {
    const { server, harness, id } = await setup({ toolCount: 1, pageSize: 10, resourceCount: 35 });
    const first = await harness.manager.listResources(id);
    expect(first.resources.map((resource) => resource.uri)).toEqual(
      Array.from({ length: 10 }, (_, index) => `paged://item/${index}`),
    );
    expect(first.nextCursor).toBe('10');
    expect(server.resourceListRequests).toBe(1);
    const last = await harness.manager.listResources(id, '30');
    expect(last.resources).toHaveLength(5);
    expect(last.nextCursor).toBeUndefined();
  });

  it('gathers at most five pages per server for the picker', async () => {
    const { server, harness } = await setup({ toolCount: 1, pageSize: 10, resourceCount: 1_000 });
    const { resources } = await harness.manager.allResources();
    expect(resources).toHaveLength(50);
    expect(server.resourceListRequests).toBe(5);
  });

  it('keeps the server connected when one of its pages cannot be used', async () => {
    const { harness, id } = await setup({
      toolCount: 1,
      pageSize: 10,
      resourceCount: 30,
      malformedResourcePages: true,
    });
    await expect(harness.manager.listResources(id, '10')).rejects.toMatchObject({
      code: 'request-failed',
    });
    expect((await harness.manager.viewOf(id)).status).toEqual({ state: 'connected' });
    // The picker takes the pages before the one it could not read.
    const { resources } = await harness.manager.allResources();
    expect(resources).toHaveLength(10);
    expect((await harness.manager.listResources(id)).resources).toHaveLength(10);
  });
});
