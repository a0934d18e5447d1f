/**
 * MCP Apps against a real v2 server built with ext-apps' server helpers: Patchbay declares the
 * extension, lists each tool's app, offers the model only the tools meant for it, lets an app
 * call only its server's tools meant for apps, and reads the app's UI resource.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appResourceFrom } from '../../../src/apps/app-resource';
import { CHART_APP_URI } from '../../fixtures/chart-app';
import { startModernServer, type ModernServer } from '../../fixtures/modern-server';
import { createHarness } from '../../helpers/manager-harness';

describe.each(['reject', 'stateless'] as const)('an MCP App server (legacy: %s)', (legacy) => {
  let server: ModernServer;
  const harness = createHarness();
  let serverId: string;

  beforeAll(async () => {
    server = await startModernServer({ legacy, chartApp: true });
    serverId = (await harness.manager.addServer({ name: 'Charts', url: server.mcpUrl })).id;
    await harness.manager.enable(serverId);
  });

  afterAll(async () => {
    await harness.dispose();
    await server?.close();
  });

  it('hears that Patchbay renders MCP Apps', () => {
    const declared = server.requests.some((request) =>
      JSON.stringify(request.body ?? '').includes(
        '"io.modelcontextprotocol/ui":{"mimeTypes":["text/html;profile=mcp-app"]}',
      ),
    );
    expect(declared).toBe(true);
  });

  it('offers the model the tools meant for it, each with its app', async () => {
    const offered = await harness.manager.listEnabledTools();
    const names = offered.map((tool) => tool.name);
    expect(names).toEqual(expect.arrayContaining(['show_chart', 'summarize_chart', 'echo']));
    expect(names).not.toContain('refresh_chart');
    expect(offered.find((tool) => tool.name === 'show_chart')?.ui).toEqual({
      resourceUri: CHART_APP_URI,
    });
    // The Servers view lists the app's own tool too.
    const { tools } = await harness.manager.getServerTools(serverId);
    expect(tools.find((tool) => tool.name === 'refresh_chart')?.ui).toEqual({
      resourceUri: CHART_APP_URI,
      visibility: ['app'],
    });
  });

  it('lets an app call its tools, and refuses each caller the other’s', async () => {
    const before = server.requests.length;
    const fromApp = await harness.manager.callTool(serverId, {
      name: 'refresh_chart',
      arguments: {},
      caller: 'app',
    });
    expect(fromApp.structuredContent).toEqual({ points: [9, 1, 9] });
    await expect(
      harness.manager.callTool(serverId, { name: 'refresh_chart', arguments: {} }),
    ).rejects.toMatchObject({
      code: 'not-allowed',
      message: "Charts's tool refresh_chart is for its app alone; the model may not call it.",
    });
    await expect(
      harness.manager.callTool(serverId, { name: 'summarize_chart', caller: 'app' }),
    ).rejects.toMatchObject({
      code: 'not-allowed',
      message: "Charts's tool summarize_chart is not one its app may call.",
    });
    await expect(
      harness.manager.callTool(serverId, { name: 'no_such_tool', caller: 'app' }),
    ).rejects.toMatchObject({
      code: 'not-allowed',
      message: 'Charts does not list a tool no_such_tool.',
    });
    // Refusals happen before the server is asked.
    expect(
      server.requests
        .slice(before)
        .filter(
          (request) =>
            (request.body as { params?: { name?: string } } | undefined)?.params?.name ===
            'summarize_chart',
        ),
    ).toEqual([]);
  });

  it('lets the model call a tool meant for it alone when the call names no caller', async () => {
    const result = await harness.manager.callTool(serverId, { name: 'summarize_chart' });
    expect(result.content).toEqual([{ type: 'text', text: 'It goes up and down.' }]);
  });

  it('reads the app: HTML of the MCP App type, with the origins it declared', async () => {
    const { contents } = await harness.manager.readResource(serverId, CHART_APP_URI);
    const app = appResourceFrom(CHART_APP_URI, contents, 'Charts');
    expect(app.html).toMatch(/^<!doctype html>/);
    expect(app.html).toContain('Showing');
    expect(app.csp).toEqual({ connectDomains: [server.url] });
    expect(app.prefersBorder).toBe(true);
  });
});
