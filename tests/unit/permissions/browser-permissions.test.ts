/**
 * The browser permissions "Use this browser" and browser access need, asked for when used:
 * granted, refused (the feature stays off, with the sentence), already held (no prompt), and
 * taken back later (the watcher hears it), against the in-memory twin of chrome.permissions.
 */
import { describe, expect, it } from 'vitest';
import {
  BROWSER_PERMISSIONS,
  createBrowserPermissions,
  whatTheyAllow,
} from '../../../src/permissions/browser-permissions';
import { createMemoryPermissions } from '../../../src/platform/memory-permissions';

describe('browser permissions, asked for when used', () => {
  it('asks Chrome for tabs, tab groups and all sites, and holds them once the person allows', async () => {
    const chrome = createMemoryPermissions();
    const permissions = createBrowserPermissions(chrome);
    expect(await permissions.granted()).toBe(false);
    chrome.answer('grant');
    await expect(permissions.ask('Use this browser')).resolves.toEqual({ granted: true });
    expect(chrome.prompts).toEqual([['tabs', 'tabGroups', '<all_urls>']]);
    expect(await permissions.granted()).toBe(true);
  });

  it('leaves the feature off with the sentence when the person refuses', async () => {
    const chrome = createMemoryPermissions();
    chrome.answer('refuse');
    const answer = await createBrowserPermissions(chrome).ask('Use this browser');
    expect(answer).toEqual({
      granted: false,
      message: `Not allowed, so it stays off. ${whatTheyAllow('Use this browser')}`,
    });
    expect(whatTheyAllow('Use this browser')).toMatch(/^Use this browser needs .+\.$/);
  });

  it('does not prompt when they are already held (carried over from an earlier version)', async () => {
    const chrome = createMemoryPermissions(BROWSER_PERMISSIONS);
    await expect(createBrowserPermissions(chrome).ask('Browser access')).resolves.toEqual({
      granted: true,
    });
    expect(chrome.prompts).toEqual([]);
  });

  it('hears when the person takes one back, and when it is given again', async () => {
    const chrome = createMemoryPermissions(BROWSER_PERMISSIONS);
    const heard: boolean[] = [];
    const stop = createBrowserPermissions(chrome).watch((granted) => heard.push(granted));
    chrome.revoke(['tabGroups']);
    await expect.poll(() => heard).toEqual([false]);
    chrome.answer('grant');
    await chrome.request({ permissions: ['tabGroups'] });
    await expect.poll(() => heard).toEqual([false, true]);
    stop();
    chrome.revoke(['tabs']);
    await Promise.resolve();
    expect(heard).toEqual([false, true]);
  });
});
