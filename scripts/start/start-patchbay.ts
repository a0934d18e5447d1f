/**
 * The heart of `npm start` (scripts/start.ts): the fixture MCP server, the model (the demo
 * model, or one from the environment), and Chromium on a profile of its own with the build
 * loaded, the server added and switched on and the model chosen.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { PROVIDER_LABELS, type ModelSettings } from '../../src/models/model-settings';
import { startFixtureServer, type FixtureServer } from '../../tests/fixtures/mcp-fixture-server';
import type { ScriptedOpenAI } from '../../tests/fixtures/scripted-openai';
import { CHROMIUM_FLAGS, findChromium } from '../chromium';
import { DEMO_MODEL, DEMO_QUESTION, startDemoModel } from './demo-model';
import { modelRequestFrom, resolveModel, type Environment } from './model-from-env';
import { addEnabledServer, ask, chooseModel } from './profile';
import { grantInProfile } from '../granted-profile';
import { sitePatterns } from '../../src/permissions/match-pattern';

export const FIXTURE_SERVER_NAME = 'Fixture server';

export interface StartOptions {
  /** The scripted demo model instead of one from the environment. */
  demo: boolean;
  env: Environment;
  headless: boolean;
  /** The fixture server's port (0: any free one). */
  port: number;
  extensionDir?: string;
}

export interface StartedPatchbay {
  context: BrowserContext;
  /** The side panel page, ready. */
  page: Page;
  extensionId: string;
  fixture: FixtureServer;
  /** The model the chat uses, in words ("demo model …", "OpenAI gpt-4.1-mini"), if any. */
  modelLabel: string | undefined;
  demoModel: ScriptedOpenAI | undefined;
  close(): Promise<void>;
}

export async function startPatchbay(options: StartOptions): Promise<StartedPatchbay> {
  const extensionDir = options.extensionDir ?? resolve('.output/chrome-mv3');
  // Looked up before anything starts, so a bad variable stops npm start with its sentence.
  const request = options.demo ? undefined : modelRequestFrom(options.env);
  const fromEnvironment = request ? await resolveModel(request) : undefined;
  const fixture = await startFixtureServer({ port: options.port });
  const demoModel = options.demo ? await startDemoModel() : undefined;
  const model: ModelSettings | undefined = demoModel
    ? { provider: 'compatible', baseUrl: demoModel.baseUrl, model: DEMO_MODEL }
    : fromEnvironment;

  const profile = mkdtempSync(join(tmpdir(), 'patchbay-start-'));
  // The profile is set up as the person would have: the fixture server's site and the model's
  // allowed (Patchbay asks for no site at install; each is asked for from a click).
  await grantInProfile(profile, extensionDir, {
    apiPermissions: false,
    sites: sitePatterns([fixture.mcpUrl, ...(model?.baseUrl ? [model.baseUrl] : [])]),
  });
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: findChromium(),
    headless: options.headless,
    viewport: options.headless ? { width: 400, height: 800 } : null,
    args: [
      `--disable-extensions-except=${extensionDir}`,
      `--load-extension=${extensionDir}`,
      ...CHROMIUM_FLAGS,
    ],
  });
  const close = async () => {
    await context.close().catch(() => undefined);
    await Promise.all([fixture.close(), demoModel?.close()]);
    rmSync(profile, { recursive: true, force: true });
  };
  try {
    const worker = context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker'));
    const extensionId = new URL(worker.url()).host;
    const page = context.pages()[0] ?? (await context.newPage());
    await page.goto(`chrome-extension://${extensionId}/sidepanel.html`);
    await addEnabledServer(page, { name: FIXTURE_SERVER_NAME, url: fixture.mcpUrl });
    if (model) await chooseModel(page, model);
    await page.reload();
    if (demoModel) await ask(page, DEMO_QUESTION);
    return {
      context,
      page,
      extensionId,
      fixture,
      modelLabel: model
        ? demoModel
          ? DEMO_MODEL
          : `${PROVIDER_LABELS[model.provider]} ${model.model}`
        : undefined,
      demoModel,
      close,
    };
  } catch (error) {
    await close();
    throw error;
  }
}
