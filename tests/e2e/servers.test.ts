import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startFixtureServer, type FixtureServer } from '../fixtures/mcp-fixture-server';
import { freePort } from '../fixtures/server-everything';
import { launchExtension, type ExtensionSession } from './harness';

let fixture: FixtureServer;
let session: ExtensionSession;

beforeAll(async () => {
  fixture = await startFixtureServer();
  session = await launchExtension();
});

afterEach(() => {
  // Any error an extension page or the worker logged fails the test that caused it.
  expect(session.errors).toEqual([]);
});

afterAll(async () => {
  await session?.close();
  await fixture?.close();
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
    await page.getByRole('heading', { name: 'Servers' }).waitFor();
    await expect(page.locator('[data-server-id="notion"]').textContent()).resolves.toContain(
      'Notion',
    );

    await page.getByRole('button', { name: 'Add server' }).click();
    await page.getByLabel('Name').fill('Fixture');
    await page.getByLabel('URL').fill(fixture.mcpUrl);
    await page
      .getByRole('form', { name: 'Add a server' })
      .getByRole('button', { name: 'Add server' })
      .click();

    const card = page.locator('li.server', { hasText: 'Fixture' });
    await card.waitFor();
    await card.getByRole('switch', { name: 'Enable Fixture' }).click();
    await card.locator('[data-state="connected"]').waitFor({ timeout: 15_000 });
    const echo = card.locator('[data-tool="echo"]');
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
    await card.getByRole('switch', { name: 'Use fail' }).click();
    await card.getByText('6 of 7 tools on').waitFor();
    const afterSwitch = (await session.send(page, 'mcp/tools/list')) as {
      result: { tools: { name: string }[] };
    };
    expect(afterSwitch.result.tools.map((tool) => tool.name)).not.toContain('fail');
    await card.getByRole('button', { name: 'All on' }).click();
    await card.getByText('7 of 7 tools on').waitFor();

    await card.getByLabel('Run tools the server says are read-only without asking').click();
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
    await page.getByRole('button', { name: 'Add server' }).click();
    await page.getByLabel('Name').fill('Remote plain http');
    await page.getByLabel('URL').fill('http://example.com/mcp');
    await page
      .getByRole('form', { name: 'Add a server' })
      .getByRole('button', { name: 'Add server' })
      .click();
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
    const servers = (await session.send(page, 'mcp/servers/get')) as {
      result: { servers: { id: string; name: string }[] };
    };
    const fixtureId = servers.result.servers.find((server) => server.name === 'Fixture')?.id;
    expect(fixtureId).toBeDefined();
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
    const port = await freePort();
    let keyed = await startFixtureServer({ port, requiredHeaders: { 'X-Api-Key': 'k-123' } });
    try {
      const page = await session.openServers();
      await page.getByRole('button', { name: 'Add server' }).click();
      await page.getByLabel('Name').fill('Keyed');
      await page.getByLabel('URL').fill(keyed.mcpUrl);
      await page.getByRole('button', { name: 'Add header' }).click();
      await page.getByLabel('Header 1 name').fill('X-Api-Key');
      await page.getByLabel('Header 1 value').fill('k-123');
      await page
        .getByRole('form', { name: 'Add a server' })
        .getByRole('button', { name: 'Add server' })
        .click();

      const card = page.locator('li.server', { hasText: 'Keyed' });
      await card.getByRole('switch', { name: 'Enable Keyed' }).click();
      await card.locator('[data-state="connected"]').waitFor({ timeout: 15_000 });
      await card.locator('[data-tool="echo"]').waitFor();

      await keyed.close();
      await card.locator('[data-state="error"]').waitFor({ timeout: 20_000 });
      await expect(card.locator('.server-error').textContent()).resolves.toContain(
        "Couldn't reach",
      );
      await session.screenshot(page, 'servers-error');
      keyed = await startFixtureServer({ port, requiredHeaders: { 'X-Api-Key': 'k-123' } });
      await card.locator('[data-state="connected"]').waitFor({ timeout: 20_000 });

      await session.stopWorker(page);
      const servers = (await session.send(page, 'mcp/servers/get')) as {
        result: { servers: { id: string; name: string }[] };
      };
      const id = servers.result.servers.find((server) => server.name === 'Keyed')?.id;
      const result = await session.send(page, `mcp/${id}/tool/call`, {
        name: 'echo',
        arguments: { text: 'with key' },
      });
      expect(result).toEqual({
        ok: true,
        result: { content: [{ type: 'text', text: 'with key' }] },
      });
      await card.locator('[data-state="connected"]').waitFor();
      expect(keyed.requests.every((request) => request.headers['x-api-key'] === 'k-123')).toBe(
        true,
      );
    } finally {
      await keyed.close();
    }
  });
});
