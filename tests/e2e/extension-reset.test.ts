/**
 * The harness's reset between tests (extension-reset.ts): the tests of this file run in order,
 * each leaving what the next one checks is gone, in the same browser.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startedBrowsers } from './extension-browser';
import { leftovers, readState, type Granted } from './extension-reset';
import { freshExtensionPerTest } from './harness';

/**
 * A page that sets a cookie, as a server a test talks to might, and at `/cached` a response the
 * HTTP cache keeps for an hour, whose requests it counts.
 */
let site: Server;
let siteUrl: string;
let cachedRequests = 0;
beforeAll(async () => {
  site = createServer((request, response) => {
    if (request.url === '/cached') {
      cachedRequests += 1;
      response.setHeader('cache-control', 'max-age=3600');
      response.end('cached');
      return;
    }
    response.setHeader('set-cookie', 'left=1; Path=/');
    response.setHeader('content-type', 'text/html');
    response.end('<title>Cookie</title>');
  });
  await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
  siteUrl = `http://127.0.0.1:${(site.address() as AddressInfo).port}/`;
});
afterAll(() => new Promise<void>((resolve) => site.close(() => resolve())));

describe('one browser for the tests of a file', () => {
  const session = freshExtensionPerTest();
  let granted: Granted;
  let browsers: number;

  /** Patchbay's worker fetches the site's `/cached`, as it would a server's icon. */
  const fetchCached = () =>
    session.worker.evaluate(async (url) => (await fetch(url)).text(), `${siteUrl}cached`);

  it('leaves storage, a chat database, alarms, rules, scripts, pages, a cookie and a cached response behind', async () => {
    const fresh = await readState(session.worker);
    granted = { permissions: fresh.permissions, origins: fresh.origins };
    browsers = startedBrowsers();
    await session.worker.evaluate(async () => {
      const api = (globalThis as unknown as { chrome: typeof import('wxt/browser').browser })
        .chrome;
      await Promise.all([
        api.storage.local.set({ left: 1 }),
        api.storage.session.set({ left: 1 }),
        api.storage.sync.set({ left: 1 }),
        api.alarms.create('left', { delayInMinutes: 30 }),
        api.declarativeNetRequest.updateDynamicRules({
          addRules: [
            {
              id: 7,
              action: { type: 'block' },
              condition: { urlFilter: '||left.example' },
            },
          ],
        }),
        api.declarativeNetRequest.updateSessionRules({
          addRules: [
            { id: 8, action: { type: 'block' }, condition: { urlFilter: '||left.example' } },
          ],
        }),
        api.scripting.registerContentScripts([
          {
            id: 'left',
            matches: ['https://left.example/*'],
            js: ['content-scripts/page-tools.js'],
          },
        ]),
      ]);
    });
    const panel = await session.openSidePanel();
    await panel.evaluate(
      () =>
        new Promise<void>((resolve, reject) => {
          const request = indexedDB.open('left', 1);
          request.onupgradeneeded = () => request.result.createObjectStore('things').put(1, 'a');
          request.onsuccess = () => resolve();
          request.onerror = () => reject(request.error ?? new Error('not opened'));
        }),
    );
    const page = await session.context.newPage();
    await page.goto(siteUrl);
    expect(await session.context.cookies(siteUrl)).toHaveLength(1);
    // The second fetch is answered from the HTTP cache.
    await fetchCached();
    await fetchCached();
    expect(cachedRequests).toBe(1);
    const left = leftovers(await readState(session.worker), granted);
    expect(left).toEqual(
      expect.arrayContaining([
        'storage.local: left',
        'storage.session: left',
        'storage.sync: left',
        // The panel opens the chat database as well.
        expect.stringMatching(/^databases: (.+, )?left\b/),
        'alarms: left',
        '2 request rules',
        'content scripts: left',
        'contexts: TAB',
      ]),
    );
  });

  it('starts the next test in the same browser with none of it', async () => {
    expect(startedBrowsers()).toBe(browsers);
    expect(leftovers(await readState(session.worker), granted)).toEqual([]);
    expect(await session.context.cookies(siteUrl)).toEqual([]);
    expect(session.context.pages()).toEqual([]);
    await fetchCached();
    expect(cachedRequests).toBe(2);
  });

  it('changes the browser itself through its context', async () => {
    await session.context.addInitScript(() => undefined);
    expect(startedBrowsers()).toBe(browsers);
  });

  it('then starts in a browser of its own', () => {
    expect(startedBrowsers()).toBe(browsers + 1);
  });
});
