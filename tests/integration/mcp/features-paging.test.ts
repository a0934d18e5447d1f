/**
 * Resources page by page, as the Servers view and the "@" picker ask for them, and what a
 * server's unusable answer does (and does not do) to its connection.
 */
import { describe, expect, it } from 'vitest';
import { startPaginatedServer } from '../../fixtures/paginated-server';
import { createHarness } from '../../helpers/manager-harness';
import { cleanupsAfterEach } from '../../helpers/cleanups';

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

describe('the pickers’ limits', () => {
  it.each([
    // Pages of 250: the second brings exactly 500, and no third is asked for.
    [250, 500, 2],
    // Pages of 300: the second brings 600, of which the first 500 are offered.
    [300, 500, 2],
    // Pages of 40: five pages, 200 resources, the page limit reached first.
    [40, 200, 5],
  ])(
    'offers at most 500 resources per server (pages of %i: %i offered, %i pages asked)',
    async (pageSize, offered, pages) => {
      const { server, harness, id } = await setup({ toolCount: 1, pageSize, resourceCount: 1_000 });
      const { resources } = await harness.manager.allResources();
      expect(resources.map((resource) => resource.uri)).toEqual(
        Array.from({ length: offered }, (_, index) => `paged://item/${index}`),
      );
      expect(resources.every((resource) => resource.serverId === id)).toBe(true);
      expect(server.resourceListRequests).toBe(pages);
    },
  );

  it('stops gathering when a server hands back the cursor it was given', async () => {
    const { server, harness } = await setup({
      toolCount: 1,
      pageSize: 10,
      resourceCount: 30,
      stuckCursor: true,
    });
    const { resources } = await harness.manager.allResources();
    // The first page, then the page "again" points to (the same ten), then no more.
    expect(resources).toHaveLength(20);
    expect(server.resourceListRequests).toBe(2);
  });

  it('gathers templates and prompts page by page too', async () => {
    const { server, harness, id } = await setup({
      toolCount: 1,
      pageSize: 10,
      resourceCount: 5,
      templateCount: 25,
      promptCount: 25,
    });
    const { resources, templates } = await harness.manager.allResources();
    expect(resources).toHaveLength(5);
    expect(templates.map((template) => [template.serverId, template.uriTemplate])).toEqual(
      Array.from({ length: 25 }, (_, index) => [id, `paged://template/${index}/{id}`]),
    );
    const { prompts } = await harness.manager.allPrompts();
    expect(prompts.map((prompt) => [prompt.serverId, prompt.name])).toEqual(
      Array.from({ length: 25 }, (_, index) => [id, `prompt_${index}`]),
    );
    expect(server.pageRequests('resources/templates/list')).toBe(3);
    expect(server.pageRequests('prompts/list')).toBe(3);
  });

  it('offers a server’s resources when its templates cannot be listed', async () => {
    const { harness, id } = await setup({
      toolCount: 1,
      pageSize: 10,
      resourceCount: 5,
      templateCount: 5,
      failingLists: ['resources/templates/list'],
    });
    const { resources, templates } = await harness.manager.allResources();
    expect(resources.map((resource) => [resource.serverId, resource.uri])).toEqual(
      Array.from({ length: 5 }, (_, index) => [id, `paged://item/${index}`]),
    );
    expect(templates).toEqual([]);
  });

  it('offers nothing of a server whose first page fails, and what the other servers have', async () => {
    const broken = await setup({
      toolCount: 1,
      pageSize: 10,
      resourceCount: 5,
      templateCount: 5,
      promptCount: 5,
      failingLists: ['resources/list', 'prompts/list'],
    });
    const { harness } = broken;
    const working = await startPaginatedServer({
      toolCount: 1,
      pageSize: 10,
      resourceCount: 2,
      templateCount: 2,
      promptCount: 2,
    });
    cleanups.push(() => working.close());
    const { id: workingId } = await harness.manager.addServer({ name: 'Works', url: working.url });
    await harness.manager.enable(workingId);

    const { resources, templates } = await harness.manager.allResources();
    // Not even the broken server's templates, which it could list.
    expect(resources.map((resource) => resource.serverId)).toEqual([workingId, workingId]);
    expect(templates.map((template) => template.serverId)).toEqual([workingId, workingId]);
    const { prompts } = await harness.manager.allPrompts();
    expect(prompts.map((prompt) => prompt.serverId)).toEqual([workingId, workingId]);
    expect(broken.server.pageRequests('resources/list')).toBe(1);
    expect(broken.server.pageRequests('prompts/list')).toBe(1);
  });
});

describe('lists in pages', () => {
  type Lister = (
    harness: ReturnType<typeof createHarness>,
    id: string,
    cursor?: string,
  ) => Promise<{ nextCursor?: string }>;
  const LISTS: [string, Lister, (result: object) => string[], (index: number) => string][] = [
    [
      'resources',
      (harness, id, cursor) => harness.manager.listResources(id, cursor),
      (result) => (result as { resources: { uri: string }[] }).resources.map((r) => r.uri),
      (index) => `paged://item/${index}`,
    ],
    [
      'templates',
      (harness, id, cursor) => harness.manager.listResourceTemplates(id, cursor),
      (result) =>
        (result as { templates: { uriTemplate: string }[] }).templates.map((t) => t.uriTemplate),
      (index) => `paged://template/${index}/{id}`,
    ],
    [
      'prompts',
      (harness, id, cursor) => harness.manager.listPrompts(id, cursor),
      (result) => (result as { prompts: { name: string }[] }).prompts.map((p) => p.name),
      (index) => `prompt_${index}`,
    ],
  ];

  it.each(LISTS)(
    'lists %s one page at a time, with a cursor only while more follow',
    async (what, list, names, name) => {
      const { harness, id } = await setup({
        toolCount: 1,
        pageSize: 10,
        resourceCount: 15,
        templateCount: 15,
        promptCount: 15,
      });
      const first = await list(harness, id);
      expect(names(first)).toEqual(Array.from({ length: 10 }, (_, index) => name(index)));
      expect(first.nextCursor).toBe('10');
      const last = await list(harness, id, '10');
      expect(names(last)).toEqual(Array.from({ length: 5 }, (_, index) => name(10 + index)));
      expect(Object.keys(last)).toEqual([what]);
    },
  );
});
