import { beforeEach, describe, expect, it } from 'vitest';
import { startFixtureServer, type FixtureServer } from '../fixtures/mcp-fixture-server';
import { closeAfterTest, freshExtensionPerTest } from './harness';
import {
  addEnabledServer,
  addServerThroughForm,
  fillAddServerForm,
  openDetails,
  serverIdOf,
} from './server-setup';

const session = freshExtensionPerTest();
let fixture: FixtureServer;

beforeEach(async () => {
  fixture = closeAfterTest(await startFixtureServer());
});

describe('Servers view in real Chromium', () => {
  it('uses the pinned extension id', () => {
    expect(session.extensionId).toBe('ochopgbekfckekcfildinaeciimoahkb');
  });

  it('opens the side panel from the toolbar button', async () => {
    const behavior = await session.worker.evaluate(() =>
      (
        globalThis as unknown as {
          chrome: {
            sidePanel: { getPanelBehavior(): Promise<{ openPanelOnActionClick?: boolean }> };
          };
        }
      ).chrome.sidePanel.getPanelBehavior(),
    );
    expect(behavior.openPanelOnActionClick).toBe(true);
  });

  it('adds the fixture server, enables it and shows its tools with descriptions', async () => {
    const page = await session.openServers();
    await expect(page.locator('[data-server-id="notion"]').textContent()).resolves.toContain(
      'Notion',
    );

    const card = await addServerThroughForm(page, {
      name: 'Fixture',
      url: fixture.mcpUrl,
      enable: true,
    });
    // Folded, the card counts its tools; Details lists them.
    await card.getByText('7 tools on', { exact: true }).waitFor();
    const details = await openDetails(card);
    const echo = details.locator('[data-tool="echo"]');
    await echo.waitFor();
    await expect(echo.textContent()).resolves.toContain('Repeats the given text back.');
    await expect(card.locator('[data-tool]').count()).resolves.toBeGreaterThanOrEqual(7);
    await session.screenshot(page, 'servers-fixture-connected');

    const response = (await session.send(page, 'mcp/tools/list')) as {
      ok: boolean;
      result: { tools: { name: string }[] };
    };
    expect(response.ok).toBe(true);
    expect(response.result.tools.map((tool) => tool.name)).toContain('create_event');

    // Switching a tool off takes it out of what the model is offered.
    await details.getByRole('switch', { name: 'Use fail' }).click();
    await card.getByText('6 of 7 tools on', { exact: true }).waitFor();
    const afterSwitch = (await session.send(page, 'mcp/tools/list')) as {
      result: { tools: { name: string }[] };
    };
    expect(afterSwitch.result.tools.map((tool) => tool.name)).not.toContain('fail');
    await details.getByRole('button', { name: 'All on' }).click();
    await card.getByText('7 tools on', { exact: true }).waitFor();
    await details.getByRole('button', { name: 'All off' }).click();
    await card.getByText('Tools off (7 available)', { exact: true }).waitFor();
    await details.getByRole('button', { name: 'All on' }).click();

    await details
      .getByRole('switch', { name: 'Run tools the server says are read-only without asking' })
      .click();
    await expect
      .poll(() =>
        page.evaluate(async () => {
          const { chrome } = globalThis as unknown as {
            chrome: { storage: { local: { get(key: string): Promise<Record<string, unknown>> } } };
          };
          return (await chrome.storage.local.get('chat.approvals'))['chat.approvals'];
        }),
      )
      .toMatchObject({
        [(await card.getAttribute('data-server-id'))!]: { readOnlyWithoutAsking: true },
      });
  });

  it('shows a specific error for bad input without saving anything', async () => {
    const page = await session.openServers();
    const form = await fillAddServerForm(page, {
      name: 'Remote plain http',
      url: 'http://example.com/mcp',
    });
    await form.getByRole('button', { name: 'Add server' }).click();
    await page.getByText('Plain http is only allowed for servers on this machine').waitFor();
    const response = (await session.send(page, 'mcp/servers/get')) as {
      result: { servers: { name: string }[] };
    };
    expect(response.result.servers.map((server) => server.name)).not.toContain('Remote plain http');
  });

  it('answers every request with a response envelope, including unknown types and bad payloads', async () => {
    const page = await session.openServers();
    await expect(session.send(page, 'mcp/nope')).resolves.toMatchObject({
      ok: false,
      error: { code: 'unknown-type' },
    });
    await expect(session.send(page, 'mcp/servers/add', { name: 42 })).resolves.toMatchObject({
      ok: false,
      error: { code: 'invalid-request' },
    });
    await expect(session.send(page, 'mcp/unknown-server/status/get')).resolves.toMatchObject({
      ok: false,
      error: { code: 'not-found' },
    });
  });

  it('keeps working after the service worker is stopped', async () => {
    const page = await session.openServers();
    const fixtureId = await addEnabledServer(session, page, {
      name: 'Fixture',
      url: fixture.mcpUrl,
    });
    const sessionsBefore = fixture.requests.filter(
      (request) => request.method === 'POST' && !request.headers['mcp-session-id'],
    ).length;
    await session.stopWorker(page);
    const result = (await session.send(page, `mcp/${fixtureId}/tool/call`, {
      name: 'echo',
      arguments: { text: 'after restart' },
    })) as { ok: boolean; result: { content: unknown[] } };
    expect(result).toEqual({
      ok: true,
      result: { content: [{ type: 'text', text: 'after restart' }] },
    });
    // The fresh worker rehydrated from storage and went on with the session the stopped one
    // left open: no second initialize, and the call carried that session's id.
    const sessionsAfter = fixture.requests.filter(
      (request) => request.method === 'POST' && !request.headers['mcp-session-id'],
    ).length;
    expect(sessionsAfter).toBe(sessionsBefore);
    const call = fixture.requests.findLast(
      (request) => (request.body as { method?: string } | undefined)?.method === 'tools/call',
    );
    expect(call?.headers['mcp-session-id']).toEqual(expect.any(String));
  });

  it('adds a server with headers, shows status changes live, and survives a worker restart', async () => {
    const keyed = closeAfterTest(
      await startFixtureServer({ requiredHeaders: { 'X-Api-Key': 'k-123' } }),
    );
    const page = await session.openServers();
    const card = await addServerThroughForm(page, {
      name: 'Keyed',
      url: keyed.mcpUrl,
      headers: { 'X-Api-Key': 'k-123' },
      enable: true,
    });
    await card.getByText('7 tools on', { exact: true }).waitFor();

    await keyed.close();
    await card.locator('[data-state="error"]').waitFor({ timeout: 20_000 });
    await expect(card.locator('.server-error').textContent()).resolves.toContain("Couldn't reach");
    await session.screenshot(page, 'servers-error');
    await keyed.restart();
    await card.locator('[data-state="connected"]').waitFor({ timeout: 20_000 });

    await session.stopWorker(page);
    const id = await serverIdOf(session, page, 'Keyed');
    const result = await session.send(page, `mcp/${id}/tool/call`, {
      name: 'echo',
      arguments: { text: 'with key' },
    });
    expect(result).toEqual({
      ok: true,
      result: { content: [{ type: 'text', text: 'with key' }] },
    });
    await card.locator('[data-state="connected"]').waitFor();
    // Every request, before the server went down and after, carried the header.
    expect(keyed.requests).not.toHaveLength(0);
    expect(keyed.requests.every((request) => request.headers['x-api-key'] === 'k-123')).toBe(true);
  });
});
