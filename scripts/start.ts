/**
 * `npm start`: builds Patchbay, starts the fixture MCP server, and opens Chromium with the
 * extension loaded and its side panel page ready. Without a display it prints how to load
 * the build by hand.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { chromium } from 'playwright-core';
import { startFixtureServer } from '../tests/fixtures/mcp-fixture-server';
import { CHROMIUM_FLAGS, EXTENSION_ID, findChromium } from './chromium';

const extensionDir = resolve('.output/chrome-mv3');
execFileSync('npx', ['wxt', 'build'], { stdio: 'inherit' });

const fixture = await startFixtureServer({ port: Number(process.env.PORT ?? 8931) });
console.log(
  `\nFixture MCP server: ${fixture.mcpUrl} (Streamable HTTP), ${fixture.sseUrl} (HTTP+SSE)`,
);

const hasDisplay =
  Boolean(process.env.DISPLAY || process.env.WAYLAND_DISPLAY) || process.platform === 'darwin';
if (!hasDisplay) {
  console.log(`
No display found, so no browser window was opened. To try Patchbay by hand:
  1. Open chrome://extensions in Chrome, Edge or Chromium and turn on Developer mode.
  2. Click "Load unpacked" and choose ${extensionDir}
  3. Click the Patchbay toolbar button to open the side panel (or open
     chrome-extension://${EXTENSION_ID}/sidepanel.html), then add ${fixture.mcpUrl} as a server.
The fixture server keeps running until Ctrl+C.`);
} else {
  const context = await chromium.launchPersistentContext(mkdtempSync(join(tmpdir(), 'patchbay-')), {
    executablePath: findChromium(),
    headless: false,
    viewport: null,
    args: [
      `--disable-extensions-except=${extensionDir}`,
      `--load-extension=${extensionDir}`,
      ...CHROMIUM_FLAGS,
    ],
  });
  const page = context.pages()[0] ?? (await context.newPage());
  await page.goto(`chrome-extension://${EXTENSION_ID}/sidepanel.html`);
  console.log(
    `Chromium is open with Patchbay loaded. Add ${fixture.mcpUrl} in the Servers view. Close the browser or press Ctrl+C to stop.`,
  );
  context.on('close', () => void fixture.close().then(() => process.exit(0)));
}

process.on('SIGINT', () => void fixture.close().then(() => process.exit(0)));
