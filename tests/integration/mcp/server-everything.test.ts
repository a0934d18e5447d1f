import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServerEverything, type ServerEverything } from '../../fixtures/server-everything';
import { createHarness } from '../../helpers/manager-harness';

describe.each([
  ['streamableHttp', 'streamable-http'],
  ['sse', 'sse'],
] as const)('server-everything over %s', (mode, transport) => {
  let server: ServerEverything;
  const harness = createHarness();
  let serverId: string;

  beforeAll(async () => {
    server = await startServerEverything(mode);
    serverId = (await harness.manager.addServer({ name: `Everything ${mode}`, url: server.url }))
      .id;
    await harness.manager.enable(serverId);
  });

  afterAll(async () => {
    await harness.manager.closeAll();
    await server?.close();
  });

  it('connects with the expected transport and lists the reference tools', async () => {
    const view = await harness.manager.viewOf(serverId);
    expect(view.status).toEqual({ state: 'connected' });
    expect(view.transport).toBe(transport);
    const names = (await harness.manager.listEnabledTools()).map((tool) => tool.name);
    expect(names).toEqual(
      expect.arrayContaining(['echo', 'get-sum', 'get-tiny-image', 'get-structured-content']),
    );
  });

  it('calls echo and get-sum', async () => {
    const echo = await harness.manager.callTool(serverId, {
      name: 'echo',
      arguments: { message: 'hello' },
    });
    expect(echo.content).toEqual([{ type: 'text', text: 'Echo: hello' }]);
    const sum = await harness.manager.callTool(serverId, {
      name: 'get-sum',
      arguments: { a: 2, b: 40 },
    });
    expect(JSON.stringify(sum.content)).toContain('42');
  });

  it('returns an image', async () => {
    const image = await harness.manager.callTool(serverId, {
      name: 'get-tiny-image',
      arguments: {},
    });
    expect(image.content).toContainEqual(
      expect.objectContaining({ type: 'image', mimeType: 'image/png' }),
    );
  });

  it('returns structured content validated against the output schema', async () => {
    const result = await harness.manager.callTool(serverId, {
      name: 'get-structured-content',
      arguments: { location: 'New York' },
    });
    expect(result.structuredContent).toMatchObject({ temperature: expect.any(Number) });
  });
});
