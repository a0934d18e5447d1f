/**
 * The ways into the panel, in Chromium: Patchbay's context-menu items are registered, and
 * their click handler (the worker's own listener, called through the event as Chrome would
 * call it; Playwright cannot click a native menu) puts the selection quoted, or the page's
 * title and address, in the composer of the panel open in that window, without sending
 * anything; the keyboard command's handler brings the panel to its chat with the composer
 * focused.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page, Worker } from 'playwright-core';
import { storedMessages } from './chat-storage';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  ASK_ABOUT_PAGE,
  ASK_ABOUT_SELECTION,
  MENU_ITEMS,
  OPEN_PANEL_COMMAND,
} from '../../src/panel-entry/panel-entry';
import { startScriptedOpenAI, type ScriptedOpenAI } from '../fixtures/scripted-openai';
import { chooseScriptedModel } from './chat-setup';
import { closeAfterTest, freshExtensionPerTest } from './harness';
import { openSettings } from './settings-setup';

/** The chrome.* calls these tests make in the worker and the panel. */
interface ChromeGlobal {
  chrome: {
    contextMenus: {
      update(id: string, properties: { title: string }): Promise<void>;
      onClicked: { dispatch(info: object, tab: object): void };
    };
    commands: { onCommand: { dispatch(command: string, tab: object): void } };
    windows: { getCurrent(): Promise<{ id: number }> };
  };
}

const ARTICLE_TITLE = 'Field notes on herons';
/** Text a page could hold that must stay text: markup that would fetch if it were rendered. */
const SELECTION = 'Herons nest in colonies.\nSee <img src="BEACON"> for more.';

const session = freshExtensionPerTest();
let model: ScriptedOpenAI;
let pages: Server;
let pagesUrl: string;
const beacons: string[] = [];
let panel: Page;

beforeAll(async () => {
  pages = createServer((incoming, outgoing) => {
    if (incoming.url?.startsWith('/beacon')) beacons.push(incoming.url);
    outgoing
      .writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
      .end(`<!doctype html><title>${ARTICLE_TITLE}</title><p>Herons nest in colonies.</p>`);
  });
  await new Promise<void>((resolve) => pages.listen(0, '127.0.0.1', resolve));
  pagesUrl = `http://127.0.0.1:${(pages.address() as AddressInfo).port}/article`;
});
afterAll(async () => {
  await new Promise((resolve) => pages?.close(resolve));
});

beforeEach(async () => {
  beacons.length = 0;
  model = closeAfterTest(await startScriptedOpenAI());
  panel = await session.openSidePanel();
  await chooseScriptedModel(panel, model.baseUrl);
  await panel.reload();
  await panel.getByRole('combobox', { name: 'Message' }).waitFor();
});

/** The tab the handler is told about: the panel's window (Chrome opens the panel there). */
async function tabInPanelWindow(): Promise<{
  id: number;
  windowId: number;
  title: string;
  url: string;
}> {
  const windowId = await panel.evaluate(async () => {
    const window = await (globalThis as unknown as ChromeGlobal).chrome.windows.getCurrent();
    return window.id;
  });
  return { id: 1, windowId, title: ARTICLE_TITLE, url: pagesUrl };
}

/** Chrome's call of the worker's context-menu listener for a click on `menuItemId`. */
async function clickMenuItem(worker: Worker, info: Record<string, unknown>, tab: object) {
  await worker.evaluate(
    ([clickInfo, clickTab]) =>
      (globalThis as unknown as ChromeGlobal).chrome.contextMenus.onClicked.dispatch(
        clickInfo,
        clickTab,
      ),
    [info, tab] as const,
  );
}

describe('Ask Patchbay about this', () => {
  it('registers both context-menu items in the worker', async () => {
    const updated = await session.worker.evaluate(
      async (ids) => {
        const { contextMenus } = (globalThis as unknown as ChromeGlobal).chrome;
        const results: string[] = [];
        for (const id of ids) {
          // Chrome refuses to update an item that does not exist.
          results.push(
            await contextMenus.update(id, { title: 'probe' }).then(
              () => `${id}: exists`,
              (error: Error) => `${id}: ${error.message}`,
            ),
          );
        }
        return results;
      },
      [...MENU_ITEMS.map((item) => item.id), 'not-an-item'],
    );
    expect(updated).toEqual([
      `${ASK_ABOUT_SELECTION}: exists`,
      `${ASK_ABOUT_PAGE}: exists`,
      expect.stringMatching(/^not-an-item: .*not-an-item/),
    ]);
  });

  it('puts the selection, quoted, in the composer as text, and sends it only on Enter', async () => {
    const selection = SELECTION.replace('BEACON', `${new URL(pagesUrl).origin}/beacon`);
    await clickMenuItem(
      session.worker,
      {
        menuItemId: ASK_ABOUT_SELECTION,
        selectionText: selection,
        pageUrl: pagesUrl,
        editable: false,
      },
      await tabInPanelWindow(),
    );
    const composer = panel.getByRole('combobox', { name: 'Message' });
    const quoted = selection
      .split('\n')
      .map((line) => `> ${line}`)
      .join('\n');
    await expect.poll(() => composer.inputValue()).toBe(`${quoted}\n\n`);
    await expect
      .poll(() => panel.evaluate(() => document.activeElement?.ariaLabel))
      .toBe('Message');
    expect(model.requests).toEqual([]);

    model.script({ type: 'text', text: 'They nest in heronries.' });
    await panel.keyboard.type('Where do they nest?');
    await panel.keyboard.press('Enter');
    await panel.getByText('They nest in heronries.').waitFor();
    expect(model.requests).toHaveLength(1);
    const sent = JSON.stringify(model.requests[0]!.body);
    expect(sent).toContain('> Herons nest in colonies.');
    expect(sent).toContain('Where do they nest?');
    // The page's markup was only ever text: nothing fetched it.
    expect(beacons).toEqual([]);
    // The message says it holds the page's words, not only the person's: the chat is tainted.
    const question = (await storedMessages(panel, { metadata: true })).find(
      (message) => message.role === 'user',
    );
    expect(question?.metadata).toEqual({
      typed: true,
      quoted: [{ url: pagesUrl, title: expect.any(String) }],
    });
  });

  it('attaches the page’s title and address, and keeps what was typed', async () => {
    await panel.getByRole('combobox', { name: 'Message' }).fill('Summarise');
    await clickMenuItem(
      session.worker,
      { menuItemId: ASK_ABOUT_PAGE, pageUrl: pagesUrl, editable: false },
      await tabInPanelWindow(),
    );
    await expect
      .poll(() => panel.getByRole('combobox', { name: 'Message' }).inputValue())
      .toBe(`Summarise\n\nPage: ${ARTICLE_TITLE}\nAddress: ${pagesUrl}\n\n`);
    expect(model.requests).toEqual([]);
  });
});

describe('the keyboard command', () => {
  it('brings the open panel to its chat with the composer focused', async () => {
    await openSettings(panel, 'Model');
    const tab = await tabInPanelWindow();
    await session.worker.evaluate(
      ([command, commandTab]) =>
        (globalThis as unknown as ChromeGlobal).chrome.commands.onCommand.dispatch(
          command,
          commandTab,
        ),
      [OPEN_PANEL_COMMAND, tab] as const,
    );
    const composer = panel.getByRole('combobox', { name: 'Message' });
    await composer.waitFor();
    await expect
      .poll(() => panel.evaluate(() => document.activeElement?.ariaLabel))
      .toBe('Message');
    await expect(composer.inputValue()).resolves.toBe('');
  });
});
