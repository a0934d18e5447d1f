import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { startFixtureServer, type FixtureServer } from '../fixtures/mcp-fixture-server';
import { startModernServer, type ModernServer } from '../fixtures/modern-server';
import { startServerEverything, type ServerEverything } from '../fixtures/server-everything';
import { closeAfterTest, freshExtensionPerTest } from './harness';
import {
  addEnabledServer,
  connectedCard,
  fillAddServerForm,
  openDetails,
  serverCard,
} from './server-setup';

const session = freshExtensionPerTest();
let strict: ModernServer;
let bothEras: ModernServer;
let legacy: FixtureServer;
let everythingSse: ServerEverything;
let page: Page;

type Envelope<T> =
  { ok: true; result: T } | { ok: false; error: { code: string; message: string } };

async function request<T>(type: string, payload?: unknown): Promise<Envelope<T>> {
  return (await session.send(page, type, payload)) as Envelope<T>;
}

const addAndEnable = (name: string, url: string) => addEnabledServer(session, page, { name, url });

const discoverProbes = (server: ModernServer) =>
  server.methods().filter((method) => method === 'server/discover').length;

/** The reference server runs as a process of its own: one for the file. */
beforeAll(async () => {
  everythingSse = await startServerEverything('sse');
});

afterAll(async () => {
  await everythingSse?.close();
});

/** Every test: its own in-process servers of both eras, and a fresh panel. */
beforeEach(async () => {
  [strict, bothEras, legacy] = await Promise.all([
    startModernServer({ legacy: 'reject', name: 'strict-2026' }).then(closeAfterTest),
    startModernServer({ legacy: 'stateless', name: 'both-eras' }).then(closeAfterTest),
    startFixtureServer().then(closeAfterTest),
  ]);
  page = await session.openSidePanel();
});

describe('both protocol eras in Chromium', () => {
  it('adds a strict 2026-07-28 server through the Servers panel, tests it and switches it on', async () => {
    const servers = await session.openServers();
    const form = await fillAddServerForm(servers, { name: 'Strict 2026', url: strict.mcpUrl });
    await form.getByRole('button', { name: 'Test connection' }).click();
    await form.getByText('Connected over Streamable HTTP: 5 tools').waitFor();
    await form.getByRole('button', { name: 'Add server' }).click();
    const card = serverCard(servers, 'Strict 2026');
    await connectedCard(card);
    await card.getByText('5 tools on', { exact: true }).waitFor();
    // How it connects is for who looks: in its Details.
    await expect(card.getByText(/MCP version/).count()).resolves.toBe(0);
    await (
      await openDetails(card)
    )
      .getByText('Streamable HTTP, MCP version 2026-07-28', { exact: true })
      .waitFor();
    await session.screenshot(servers, 'servers-strict-2026');
  });

  it('lists and calls the tools of a strict 2026 server, a both-eras server and 2025 servers on both transports', async () => {
    const ids = {
      strict: await addAndEnable('Strict 2026', strict.mcpUrl),
      both: await addAndEnable('Both eras', bothEras.mcpUrl),
      legacy: await addAndEnable('Legacy', legacy.mcpUrl),
    };
    const listed = await request<{ tools: { serverId: string; name: string }[] }>('mcp/tools/list');
    expect(listed.ok).toBe(true);
    for (const id of Object.values(ids)) {
      expect(listed.ok && listed.result.tools.some((tool) => tool.serverId === id)).toBe(true);
      await expect(
        request(`mcp/${id}/tool/call`, { name: 'echo', arguments: { text: `to ${id}` } }),
      ).resolves.toMatchObject({
        ok: true,
        result: { content: [{ type: 'text', text: `to ${id}` }] },
      });
    }
    // The protocol's reference server over the legacy HTTP+SSE transport, found by probing.
    const sse = await addAndEnable('Everything (SSE)', everythingSse.url);
    const view = await request<{ servers: { id: string; transport?: string }[] }>(
      'mcp/servers/get',
    );
    expect(view.ok && view.result.servers.find((entry) => entry.id === sse)?.transport).toBe('sse');
    await expect(
      request(`mcp/${sse}/tool/call`, { name: 'echo', arguments: { message: 'over sse' } }),
    ).resolves.toMatchObject({
      ok: true,
      result: { content: [{ type: 'text', text: 'Echo: over sse' }] },
    });
    // The 2026 requests carried the modern envelope through the extension's fetch.
    const call = bothEras.requests.find((entry) => entry.headers['mcp-method'] === 'tools/call');
    expect(call?.headers['mcp-protocol-version']).toBe('2026-07-28');
    expect(call?.headers['mcp-name']).toBe('echo');
  });

  it('reuses the stored era after the worker is stopped: no second server/discover', async () => {
    const id = await addAndEnable('Strict 2026', strict.mcpUrl);
    const probesBefore = discoverProbes(strict);
    await session.stopWorker(page);
    await expect(
      request(`mcp/${id}/tool/call`, { name: 'get_weather', arguments: { city: 'Lima' } }),
    ).resolves.toMatchObject({
      ok: true,
      result: { structuredContent: { city: 'Lima', temperatureC: 19, conditions: 'cloudy' } },
    });
    expect(discoverProbes(strict)).toBe(probesBefore);
  });
});
