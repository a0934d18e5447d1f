/**
 * Every view of the panel, walked at 360 and 600 px in the light and the dark theme,
 * with the scripted model and a real server: each view shows its heading (or its main control)
 * and fits the panel's width with no sideways scrolling, and leaves a screenshot
 * (`test-output/screenshots/<view>-<width>-<theme>.png`, copied to docs/screenshots/).
 */
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { startFixtureServer } from '../fixtures/mcp-fixture-server';
import { startScriptedOpenAI } from '../fixtures/scripted-openai';
import { chatWithServer, sendMessage } from './chat-setup';
import { closeAfterTest, freshExtensionPerTest } from './harness';
import { openDetails, serverCard } from './server-setup';
import { openSettings } from './settings-setup';

const session = freshExtensionPerTest();

const LOOKS = [
  { width: 360, theme: 'light' },
  { width: 600, theme: 'light' },
  { width: 360, theme: 'dark' },
  { width: 600, theme: 'dark' },
] as const;

const SETTINGS = ['Model', 'Chats and data', 'Permissions', 'Desktop apps', 'Advanced'] as const;

/** How far the page scrolls sideways: 0 when everything fits the panel's width. */
const sideways = (page: Page) =>
  page.evaluate(() => {
    const root = document.scrollingElement!;
    return root.scrollWidth - root.clientWidth;
  });

describe('every view', () => {
  it.each(LOOKS)('reads well at $width px in the $theme theme', async ({ width, theme }) => {
    const [model, fixture] = await Promise.all([
      startScriptedOpenAI().then(closeAfterTest),
      startFixtureServer().then(closeAfterTest),
    ]);
    const page = await session.openSidePanel();
    await page.setViewportSize({ width, height: 720 });
    await page.emulateMedia({ colorScheme: theme });
    const serverId = await chatWithServer(session, page, {
      modelBaseUrl: model.baseUrl,
      serverName: 'Fixture',
      serverUrl: fixture.mcpUrl,
    });
    const shot = async (view: string, shown: Locator) => {
      await shown.waitFor();
      await expect(shown.isVisible(), `${view}: its heading or main control`).resolves.toBe(true);
      await expect(sideways(page), `${view}: scrolls sideways`).resolves.toBe(0);
      await session.screenshot(page, `${view}-${width}-${theme}`);
    };
    // The browser's theme is the panel's.
    await expect(
      page.evaluate(() => matchMedia('(prefers-color-scheme: dark)').matches),
    ).resolves.toBe(theme === 'dark');

    await shot('view-chat-empty', page.getByRole('region', { name: 'Example questions' }));

    model.script(
      {
        type: 'tool-call',
        toolName: `${serverId}__create_event`,
        input: { title: 'Standup', schedule: { start: '2026-11-23T09:00:00Z' } },
      },
      { type: 'text', text: 'Done: **Standup** is on the calendar for 09:00.' },
    );
    await sendMessage(page, 'Put a standup on my calendar tomorrow at nine');
    const card = page.locator('.tool-card[data-tool-name="create_event"]');
    await shot('view-chat-approval', card.getByRole('button', { name: 'Approve' }));
    await card.getByRole('button', { name: 'Approve' }).click();
    await shot('view-chat-answer', page.getByText('is on the calendar for 09:00.'));

    await page.getByRole('button', { name: 'Chats', exact: true }).click();
    await shot('view-chat-history', page.getByRole('region', { name: 'Chats' }));

    await page.getByRole('tab', { name: 'Servers' }).click();
    await shot('view-servers', page.getByRole('heading', { name: 'Servers', exact: true }));
    await openDetails(serverCard(page, 'Fixture'));
    await shot('view-server-details', serverCard(page, 'Fixture').locator('[data-tool="echo"]'));
    await page.getByRole('button', { name: 'Add server' }).click();
    await shot('view-add-server', page.getByRole('form', { name: 'Add a server' }));

    await page.getByRole('tab', { name: 'Routines' }).click();
    await shot('view-routines', page.getByRole('heading', { name: 'Routines', exact: true }));

    for (const group of SETTINGS) {
      const panel = await openSettings(page, group);
      // Some groups' parts load on their first showing.
      await panel.getByText('Loading…').waitFor({ state: 'detached' });
      const slug = group.toLowerCase().replaceAll(' ', '-');
      await shot(`view-settings-${slug}`, panel.getByRole('heading', { name: group, level: 1 }));
    }
  });
});
