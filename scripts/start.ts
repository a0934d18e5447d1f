/**
 * `npm start`: builds Patchbay, starts the fixture MCP server, and opens Chromium on a profile
 * of its own with the extension loaded, the fixture server added and switched on, and a model
 * chosen: from OPENAI_API_KEY, ANTHROPIC_API_KEY, GOOGLE_GENERATIVE_AI_API_KEY or an
 * OpenAI-compatible PATCHBAY_BASE_URL (PATCHBAY_MODEL picks the model), or with `-- --demo`
 * the scripted demo model, which asks a first question at once. Without a display it prints
 * how to load the build by hand. Nothing here needs Redis or touches another profile.
 */
import { execFileSync } from 'node:child_process';
import { resolve } from 'node:path';
import { startFixtureServer } from '../tests/fixtures/mcp-fixture-server';
import { EXTENSION_ID } from './chromium';
import { DEMO_MODEL, startDemoModel } from './start/demo-model';
import { startPatchbay } from './start/start-patchbay';

const demo = process.argv.includes('--demo');
const port = Number(process.env.PORT ?? 8931);
const extensionDir = resolve('.output/chrome-mv3');
execFileSync('npx', ['wxt', 'build'], { stdio: 'inherit' });

const hasDisplay =
  Boolean(process.env.DISPLAY || process.env.WAYLAND_DISPLAY) || process.platform === 'darwin';
if (!hasDisplay) {
  const fixture = await startFixtureServer({ port });
  const demoModel = demo ? await startDemoModel() : undefined;
  console.log(`
Fixture MCP server: ${fixture.mcpUrl} (Streamable HTTP), ${fixture.sseUrl} (HTTP+SSE)

No display found, so no browser window was opened. To try Patchbay by hand:
  1. Open chrome://extensions in Chrome, Edge or Chromium and turn on Developer mode.
  2. Click "Load unpacked" and choose ${extensionDir}
  3. Click the Patchbay toolbar button to open the side panel (or open
     chrome-extension://${EXTENSION_ID}/sidepanel.html), then add ${fixture.mcpUrl} as a server.
${
  demoModel
    ? `  4. In Settings, choose OpenAI-compatible with the endpoint ${demoModel.baseUrl} and the model
     "${DEMO_MODEL}", then ask anything in the chat.
`
    : ''
}The fixture server${demoModel ? ' and the demo model keep' : ' keeps'} running until Ctrl+C.`);
  process.on(
    'SIGINT',
    () => void Promise.all([fixture.close(), demoModel?.close()]).then(() => process.exit(0)),
  );
} else {
  const started = await startPatchbay({ demo, env: process.env, headless: false, port });
  console.log(`
Chromium is open with Patchbay loaded on a profile of its own (removed when it closes).
Fixture MCP server: ${started.fixture.mcpUrl}, added and switched on.
Model: ${
    started.modelLabel ??
    'none yet: choose one in the panel, or set OPENAI_API_KEY, ANTHROPIC_API_KEY, GOOGLE_GENERATIVE_AI_API_KEY or PATCHBAY_BASE_URL (or run npm start -- --demo) and start again'
  }${demo ? '\nThe demo model asked a first question: approve the tool call in the panel.' : ''}
Close the browser or press Ctrl+C to stop.`);
  const stop = () => void started.close().then(() => process.exit(0));
  started.context.on('close', stop);
  process.on('SIGINT', stop);
}
