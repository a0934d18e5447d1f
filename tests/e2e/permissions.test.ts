/**
 * Browser permissions asked for when used, in Chromium: "Use this browser" and browser access
 * need tabs and tabGroups, which the manifest lists as optional. Switching on without them says
 * what they allow before Chrome would ask; a feature on without them (an update that did not
 * carry them over) says what it misses; and taking them back (as chrome://extensions does,
 * here with chrome.permissions.remove) is noticed. Chrome's prompt itself cannot be clicked from
 * Playwright: its answers are tested against the platform twin (tests/unit/permission-switch).
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { whatNoticesAllow, whatTheyAllow } from '../../src/permissions/browser-permissions';
import { TASK_NOTICES } from '../../components/settings/TaskNotices';
import { browserSwitch } from './chat-setup';
import { freshExtensionPerTest, requestFrom } from './harness';
import { openSettings } from './settings-setup';

interface ChromePermissions {
  chrome: {
    permissions: {
      contains(query: { permissions: string[] }): Promise<boolean>;
      remove(query: { permissions: string[] }): Promise<boolean>;
    };
  };
}

const note = (panel: Page, feature: string) => panel.getByLabel(`${feature}: browser permission`);
const browserTools = async (session: ReturnType<typeof freshExtensionPerTest>, panel: Page) =>
  (
    await requestFrom<{ tools: { serverId: string }[] }>(session, panel, 'mcp/tools/list')
  ).tools.filter((tool) => tool.serverId === 'browser').length;

/** A model set up (the chat needs one before its header shows), and the panel reloaded. */
async function withModel(panel: Page): Promise<void> {
  await panel.evaluate(() =>
    (
      globalThis as unknown as {
        chrome: { storage: { local: { set(items: object): Promise<void> } } };
      }
    ).chrome.storage.local.set({
      'chat.model': { provider: 'compatible', baseUrl: 'http://127.0.0.1:9/v1', model: 'm' },
    }),
  );
  await panel.reload();
}

describe('a browser that never granted them (a new install, or an update)', () => {
  const session = freshExtensionPerTest();

  it('does not ask for them at install', async () => {
    const panel = await session.openSidePanel();
    const held = await panel.evaluate(() =>
      (globalThis as unknown as ChromePermissions).chrome.permissions.contains({
        permissions: ['tabs'],
      }),
    );
    expect(held).toBe(false);
  });

  it('says what they allow when the person switches “Use this browser” on, and stays off', async () => {
    const panel = await session.openSidePanel();
    await requestFrom(session, panel, 'browser-access/get');
    // The chat needs a model before its header shows; the setting is enough for the switch.
    await withModel(panel);
    const toggle = await browserSwitch(panel);
    await toggle.click();
    const asking = note(panel, 'Use this browser');
    await expect.poll(() => asking.textContent()).toContain(whatTheyAllow('Use this browser'));
    expect(await asking.getAttribute('data-state')).toBe('asking');
    expect(await toggle.isChecked()).toBe(false);
    expect(await browserTools(session, panel)).toBe(0);
    await session.screenshot(panel, 'permission-asking');
    await asking.getByRole('button', { name: 'Not now' }).click();
    await asking.waitFor({ state: 'detached' });
  });

  it('asks for notifications only when the person switches on task notices, after the sentence', async () => {
    const panel = await session.openSidePanel();
    await withModel(panel);
    await openSettings(panel, 'Permissions');
    const toggle = panel.getByRole('switch', { name: TASK_NOTICES });
    expect(await toggle.isChecked()).toBe(false);
    await toggle.click();
    const asking = note(panel, TASK_NOTICES);
    await expect.poll(() => asking.textContent()).toContain(whatNoticesAllow(TASK_NOTICES));
    expect(await toggle.isChecked()).toBe(false);
  });

  it('shows what is missing where the feature was on before the update', async () => {
    const panel = await session.openSidePanel();
    // As an earlier version left it: "Use this browser" on, the permissions not carried over.
    await requestFrom(session, panel, 'browser-access/in-chat/set', { enabled: true });
    await withModel(panel);
    const missing = note(panel, 'Use this browser');
    await missing.waitFor();
    expect(await missing.getAttribute('data-state')).toBe('missing');
    expect(await missing.textContent()).toContain('Missing permission.');
    // Browser access, off on a new install, shows no missing permission: it says what it is
    // and offers to connect a desktop app. On as an earlier version left it, it says the same.
    await openSettings(panel, 'Desktop apps');
    await panel.getByRole('button', { name: 'Connect a desktop app…' }).waitFor();
    expect(await note(panel, 'Browser access').count()).toBe(0);
    await session.screenshot(panel, 'settings-browser-access-off');
    await requestFrom(session, panel, 'browser-access/enabled/set', { enabled: true });
    await note(panel, 'Browser access').waitFor();
    expect(await note(panel, 'Browser access').getAttribute('data-state')).toBe('missing');
  });
});

describe('a browser that granted them', () => {
  const session = freshExtensionPerTest({ grantOptionalPermissions: true });

  it('shows task notices on while notifications are allowed, and gives them back when switched off', async () => {
    const panel = await session.openSidePanel();
    await withModel(panel);
    await openSettings(panel, 'Permissions');
    const toggle = panel.getByRole('switch', { name: TASK_NOTICES });
    await expect.poll(() => toggle.isChecked()).toBe(true);
    await toggle.click();
    await expect.poll(() => toggle.isChecked()).toBe(false);
    const held = await panel.evaluate(() =>
      (globalThis as unknown as ChromePermissions).chrome.permissions.contains({
        permissions: ['notifications'],
      }),
    );
    expect(held).toBe(false);
  });

  it('switches on without a word, and notices when the person takes them back', async () => {
    const panel = await session.openSidePanel();
    await withModel(panel);
    const toggle = await browserSwitch(panel);
    await toggle.click();
    await expect.poll(() => toggle.isChecked()).toBe(true);
    await expect.poll(() => browserTools(session, panel)).toBeGreaterThan(0);
    expect(await note(panel, 'Use this browser').count()).toBe(0);

    const removed = await panel.evaluate(() =>
      (globalThis as unknown as ChromePermissions).chrome.permissions.remove({
        permissions: ['tabs', 'tabGroups'],
      }),
    );
    expect(removed).toBe(true);
    const missing = note(panel, 'Use this browser');
    await missing.waitFor();
    expect(await missing.getAttribute('data-state')).toBe('missing');
    await session.screenshot(panel, 'permission-missing');
  });
});
