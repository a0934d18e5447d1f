import { beforeEach, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { startFixtureServer, type FixtureServer } from '../fixtures/mcp-fixture-server';
import { closeAfterTest, freshExtensionPerTest } from './harness';
import { addServerThroughForm, fillAddServerForm, openDetails, serverCard } from './server-setup';

const session = freshExtensionPerTest();
let fixture: FixtureServer;
let keyed: FixtureServer;
let page: Page;

beforeEach(async () => {
  [fixture, keyed] = await Promise.all([
    startFixtureServer().then(closeAfterTest),
    startFixtureServer({ requiredHeaders: { 'X-Team': 'blue' } }).then(closeAfterTest),
  ]);
  page = await session.openServers();
});

async function toolsList(): Promise<string[]> {
  const response = (await session.send(page, 'mcp/tools/list')) as {
    result: { tools: { name: string }[] };
  };
  return response.result.tools.map((tool) => tool.name);
}

describe('Servers panel', () => {
  it('adds, tests, saves, enables, narrows, edits and removes a custom server', async () => {
    const form = await fillAddServerForm(page, { name: 'Team docs', url: keyed.sseUrl });

    // Without its header the server refuses; the test says so before anything is saved.
    await form.getByRole('button', { name: 'Test connection' }).click();
    await form.getByText('Team docs needs a sign-in. Save it, then click Sign in.').waitFor();
    await form.getByRole('button', { name: 'Add header' }).click();
    await form.getByLabel('Header 1 name').fill('X-Team');
    await form.getByLabel('Header 1 value').fill('blue');
    await form.getByRole('button', { name: 'Test connection' }).click();
    await form.getByText('Connected over HTTP+SSE: 7 tools').waitFor();
    await session.screenshot(page, 'servers-add-form');
    await form.getByRole('button', { name: 'Add server' }).click();

    // Added by hand, it is on at once, and the view says so with its tool count.
    const card = serverCard(page, 'Team docs');
    await card.locator('[data-state="connected"]').waitFor({ timeout: 15_000 });
    await page.getByRole('status').getByText('Team docs is on: 7 tools.').waitFor();
    await card.getByText('7 tools on', { exact: true }).waitFor();
    const details = await openDetails(card);
    await details.getByRole('switch', { name: 'Use create_event' }).click();
    await card.getByText('6 of 7 tools on', { exact: true }).waitFor();
    expect(await toolsList()).toContain('echo');
    expect(await toolsList()).not.toContain('create_event');
    await details.getByRole('button', { name: 'Check' }).click();
    // The ping's time beside Check, and the doctor's report, folded: nothing failed.
    await details
      .locator('.server-actions')
      .getByText(/^\d+ ms$/)
      .waitFor();
    await details.getByText('Connection check: no failures').waitFor();

    await details.getByRole('button', { name: 'Edit' }).click();
    const edit = page.getByRole('form', { name: 'Edit Team docs' });
    await expect(edit.getByLabel('Header 1 value').getAttribute('placeholder')).resolves.toBe(
      '(unchanged)',
    );
    await edit.getByLabel('Name', { exact: true }).fill('Team wiki');
    await edit.getByRole('button', { name: 'Save' }).click();
    const renamed = serverCard(page, 'Team wiki');
    await renamed.locator('[data-state="connected"]').waitFor({ timeout: 15_000 });
    // The header value, kept through the edit, still goes with the stream request.
    const streams = keyed.requests.filter((request) => request.path === '/sse');
    expect(streams.at(-1)?.headers['x-team']).toBe('blue');

    await (await openDetails(renamed)).getByRole('button', { name: 'Remove' }).click();
    await renamed
      .getByRole('alertdialog', { name: 'Remove Team wiki?' })
      .getByRole('button', { name: 'Remove' })
      .click();
    await renamed.waitFor({ state: 'detached' });
    expect(await toolsList()).not.toContain('echo');
  });

  it('checks a failing server step by step, naming the step that fails, with a report to copy', async () => {
    fixture.inject({
      path: '/mcp',
      status: 403,
      contentType: 'text/plain',
      body: 'Forbidden',
      times: 50,
    });
    const card = await addServerThroughForm(page, { name: 'Gatekept', url: fixture.mcpUrl });
    await card.locator('[data-state="needs-auth"]').waitFor({ timeout: 15_000 });

    await (await openDetails(card)).getByRole('button', { name: 'Check' }).click();
    const report = card.locator('details.doctor');
    const failing = report.locator('.doctor-fail');
    await failing.waitFor({ timeout: 15_000 });
    await expect(report.locator('summary').textContent()).resolves.toMatch(
      /^Connection check: 1 of \d+ steps failed$/,
    );
    await expect(failing.locator('.doctor-name').textContent()).resolves.toBe('Reach Failed');
    const sentence = await failing.locator('.doctor-sentence').textContent();
    expect(sentence).toMatch(/^Gatekept refused access \(HTTP 403\)\./);
    expect(sentence).toContain(`refuse chrome-extension://${session.extensionId}`);
    await expect(failing.locator('.muted').textContent()).resolves.toMatch(
      /^HTTP 403 · text\/plain(; charset=utf-8)? · \d+ ms$/,
    );
    await report.getByRole('button', { name: 'Copy report' }).waitFor();
    await expect(card.getByRole('button', { name: 'Check' }).isEnabled()).resolves.toBe(true);
    const overflow = () =>
      page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
    await expect(overflow()).resolves.toBe(0);
    await session.screenshot(page, 'servers-doctor-failing');
    await page.emulateMedia({ colorScheme: 'dark' });
    await expect(overflow()).resolves.toBe(0);
    await session.screenshot(page, 'servers-doctor-failing-dark');
  });

  it('imports servers from an mcpServers JSON with a preview and per-entry errors', async () => {
    await page.getByRole('button', { name: 'More server actions' }).click();
    await page.getByRole('menuitem', { name: 'Import servers' }).click();
    const panel = page.getByRole('region', { name: 'Import servers' });
    await panel.getByRole('textbox').fill(
      JSON.stringify({
        mcpServers: {
          fixture: { type: 'http', url: fixture.mcpUrl },
          'local-only': { command: 'npx', args: ['some-server'] },
          insecure: { url: 'http://example.com/mcp' },
        },
      }),
    );
    await panel.getByRole('button', { name: 'Preview' }).click();
    await panel.getByText('This runs a local program (stdio)').waitFor();
    await panel.getByText('Plain http is only allowed for servers on this machine').waitFor();
    await session.screenshot(page, 'servers-import');
    await panel.getByRole('button', { name: 'Add 1 server' }).click();
    await panel.getByText('Added.').waitFor();
    await panel.getByRole('button', { name: 'Done' }).click();
    await serverCard(page, 'fixture').waitFor();

    await page.getByRole('button', { name: 'More server actions' }).click();
    await page.getByRole('menuitem', { name: 'Export servers' }).click();
    const exported = await page.getByLabel('Exported configuration').inputValue();
    expect(JSON.parse(exported)).toEqual({
      mcpServers: { fixture: { type: 'http', url: fixture.mcpUrl } },
    });
  });

  it.each(['light', 'dark'] as const)(
    'reads well at 360 px in the %s theme',
    async (colorScheme) => {
      await page.emulateMedia({ colorScheme });
      await page.setViewportSize({ width: 360, height: 720 });
      const card = await addServerThroughForm(page, {
        name: 'fixture',
        url: fixture.mcpUrl,
        enable: true,
      });
      // Folded: name, state, tool count and its switch; the tools wait behind Details.
      await card.getByText('7 tools on', { exact: true }).waitFor();
      await page.locator('.added-notice').getByRole('button', { name: 'OK' }).click();
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow).toBe(0);
      await session.screenshot(page, `servers-360-${colorScheme}`);
    },
  );

  it.each([320, 360, 600])(
    'keeps the header’s actions on the heading’s line at %i px',
    async (width) => {
      await page.setViewportSize({ width, height: 720 });
      const header = page.locator('.panel-header');
      const controls = [
        header.getByRole('heading', { name: 'Servers' }),
        header.getByRole('button', { name: 'Browse' }),
        header.getByRole('button', { name: 'Add server' }),
        header.getByRole('button', { name: 'More server actions' }),
      ];
      const boxes = await Promise.all(controls.map((control) => control.boundingBox()));
      const middles = boxes.map((box) => Math.round(box!.y + box!.height / 2));
      expect(new Set(middles).size, `middles ${middles.join(', ')}`).toBe(1);
      await header.getByRole('button', { name: 'More server actions' }).click();
      await page.getByRole('menuitem', { name: 'Import servers' }).waitFor();
      await expect(
        page.getByRole('menuitem', { name: 'Export servers' }).isDisabled(),
      ).resolves.toBe(true);
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow).toBe(0);
      await session.screenshot(page, `servers-header-${width}`);
    },
  );

  it.each([320, 600])(
    'has no horizontal scrolling at %i px, with the add form open',
    async (width) => {
      await page.setViewportSize({ width, height: 720 });
      await page.getByRole('button', { name: 'Add server' }).click();
      await page
        .getByRole('form', { name: 'Add a server' })
        .getByRole('button', { name: 'Add header' })
        .click();
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow).toBe(0);
    },
  );

  it('keeps only the drawing of an uploaded SVG icon', async () => {
    // Chromium 156.0.8078.79 reports the hostile file's onload as a blocked inline handler as
    // soon as any parser (even an inert DOMParser document) reads it. Nothing runs: the page's
    // CSP blocks it, and the drawing kept below has no handler left.
    session.expectConsoleError(/Executing inline event handler violates/);
    await page.getByRole('button', { name: 'Add server' }).click();
    const form = page.getByRole('form', { name: 'Add a server' });
    const hostile =
      '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 8 8" onload="alert(1)"><script>alert(2)</script><style>@import url(https://tracker.example/a.css);</style><rect width="8" height="8" fill="red" style="stroke:url(https://tracker.example/s)"/><image href="https://tracker.example/i.png"/></svg>';
    await form.getByLabel('Icon (PNG, JPEG or SVG, up to 64 KB)').setInputFiles({
      name: 'icon.svg',
      mimeType: 'image/svg+xml',
      buffer: Buffer.from(hostile),
    });
    const preview = form.getByRole('img', { name: 'Icon preview' });
    await preview.waitFor();
    const source = await preview.getAttribute('src');
    const svg = Buffer.from((source ?? '').split(',')[1] ?? '', 'base64').toString('utf8');
    expect(svg).toContain('<rect');
    expect(svg).toContain('viewBox="0 0 8 8"');
    expect(svg).not.toMatch(/script|onload|tracker|<style|href/);
  });
});
