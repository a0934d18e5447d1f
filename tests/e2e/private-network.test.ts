/**
 * A server on the person's own network over plain http (Home Assistant's MCP server at
 * `http://homeassistant.local:8123/api/mcp` is the real case): Chromium resolves the `.local`
 * name to the fixture on loopback (`--host-resolver-rules`), as mDNS would to a machine on the
 * network. The form and the card say the traffic is not encrypted; the worker connects and
 * calls its tools; plain http to a public host is still refused, with why.
 */
import { join } from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { startFixtureServer, type FixtureServer } from '../fixtures/mcp-fixture-server';
import { closeAfterTest, freshExtensionPerTest, requestFrom, SCREENSHOT_DIR } from './harness';
import { fillAddServerForm, serverCard, connectedCard } from './server-setup';

const HOME = 'homeassistant.local';
const session = freshExtensionPerTest({ args: [`--host-resolver-rules=MAP ${HOME} 127.0.0.1`] });
let fixture: FixtureServer;
let page: Page;

beforeEach(async () => {
  fixture = closeAfterTest(await startFixtureServer());
  page = await session.openServers();
});

const warning = 'Traffic to this server is not encrypted; use it only on networks you trust.';

describe('a server on the person’s own network', () => {
  it('connects over plain http with a warning on the form and the card, and runs its tools', async () => {
    const url = fixture.mcpUrl.replace('127.0.0.1', HOME);
    const form = await fillAddServerForm(page, { name: 'Home', url });
    await form.getByText(warning).waitFor();
    await form.getByRole('button', { name: 'Test connection' }).click();
    await form.getByText(/^Connected over Streamable HTTP: \d+ tools/).waitFor();
    await session.screenshot(page, 'servers-private-network-form');
    await form.getByRole('button', { name: 'Add server' }).click();

    const card = serverCard(page, 'Home');
    await card.getByText(warning).waitFor();
    await connectedCard(card);
    await card.locator('.server-tool-count').waitFor();
    // The card, folded: name, warning, status and tool count.
    const box = (await card.boundingBox())!;
    await page.screenshot({
      path: join(SCREENSHOT_DIR, 'servers-private-network-card.png'),
      clip: { x: box.x, y: box.y, width: box.width, height: Math.min(box.height, 200) },
    });
    const { servers } = await requestFrom<{ servers: { id: string; name: string }[] }>(
      session,
      page,
      'mcp/servers/get',
    );
    const id = servers.find((server) => server.name === 'Home')!.id;
    const result = await requestFrom<{ content: { type: string; text?: string }[] }>(
      session,
      page,
      `mcp/${id}/tool/call`,
      { name: 'echo', arguments: { text: 'lights on' } },
    );
    expect(result.content[0]?.text).toContain('lights on');
    // The server saw the name the person typed, not loopback.
    expect(fixture.requests.some((entry) => String(entry.headers.host).startsWith(HOME))).toBe(
      true,
    );
  });

  it('refuses plain http to a public host, and says what is allowed', async () => {
    const form = await fillAddServerForm(page, { name: 'Public', url: 'http://example.com/mcp' });
    await expect(form.getByText(warning).count()).resolves.toBe(0);
    await form.getByRole('button', { name: 'Add server' }).click();
    await form
      .getByText(
        'Plain http is only allowed for servers on this machine or your own network (a private address, or a name ending in .local, .lan, .internal or .home.arpa). Use https:// for example.com.',
      )
      .waitFor();
  });
});
