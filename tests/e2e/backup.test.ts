/**
 * Backup and restore between two browsers, as a person moving to a new one: a server with a
 * secret header (a real MCP fixture that refuses requests without it), a tool switched off, a
 * provider with its key and a routine, saved to a file with a passphrase, then restored into a
 * fresh profile through Settings. Everything works there without typing anything again.
 */
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { startFixtureServer, type FixtureServer } from '../fixtures/mcp-fixture-server';
import { startScriptedOpenAI, type ScriptedOpenAI } from '../fixtures/scripted-openai';
import { saveModelSettings } from './chat-setup';
import {
  closeAfterTest,
  freshExtensionPerTest,
  launchExtension,
  requestFrom,
  SCREENSHOT_DIR,
} from './harness';
import { addServerThroughForm, openDetails, serverCard } from './server-setup';
import { openSettings } from './settings-setup';

const session = freshExtensionPerTest();
const PASSPHRASE = 'a long and private passphrase';
const API_KEY = 'sk-backup-test-key';
let keyed: FixtureServer;
let model: ScriptedOpenAI;

beforeEach(async () => {
  [keyed, model] = await Promise.all([
    startFixtureServer({ requiredHeaders: { 'X-Team': 'blue' } }).then(closeAfterTest),
    startScriptedOpenAI({ requiredApiKey: API_KEY }).then(closeAfterTest),
  ]);
});

async function setUpFirstBrowser(page: Page): Promise<string> {
  const card = await addServerThroughForm(page, {
    name: 'Team docs',
    url: keyed.mcpUrl,
    headers: { 'X-Team': 'blue' },
    enable: true,
  });
  await (await openDetails(card)).getByRole('switch', { name: 'Use create_event' }).click();
  await card.getByText('6 of 7 tools on', { exact: true }).waitFor();
  await saveModelSettings(page, {
    provider: 'compatible',
    baseUrl: model.baseUrl,
    apiKey: API_KEY,
    model: 'scripted-model',
  });
  const { servers } = await requestFrom<{ servers: { id: string; name: string }[] }>(
    session,
    page,
    'mcp/servers/get',
  );
  const serverId = servers.find((server) => server.name === 'Team docs')?.id ?? '';
  await requestFrom(session, page, 'routines/save', {
    name: 'Morning summary',
    prompt: 'Summarize my docs.',
    servers: [serverId],
    tools: [],
    schedule: { kind: 'daily', time: '08:00' },
    timeZone: 'Europe/Paris',
  });
  return serverId;
}

/** The section named `name` alone, at the panel's 360 px width. */
async function shoot(page: Page, name: string, file: string): Promise<void> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  await page
    .getByRole('region', { name })
    .screenshot({ path: join(SCREENSHOT_DIR, `${file}.png`) });
}

async function downloadBackup(page: Page): Promise<string> {
  await openSettings(page, 'Chats and data');
  const form = page.getByRole('form', { name: 'Make a backup' });
  await form.getByLabel('Passphrase', { exact: true }).fill(PASSPHRASE);
  await form.getByLabel('Passphrase again').fill(PASSPHRASE);
  await shoot(page, 'Backup', 'settings-backup');
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    form.getByRole('button', { name: 'Download backup' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^patchbay-backup-\d{4}-\d{2}-\d{2}\.json$/);
  return download.path();
}

describe('backup and restore', () => {
  it('moves servers with their headers, tool switches, the model and routines to a fresh browser', async () => {
    const page = await session.openServers();
    const serverId = await setUpFirstBrowser(page);
    await page.reload();
    const file = await downloadBackup(page);
    const text = readFileSync(file, 'utf8');
    expect(text).not.toContain(API_KEY);
    expect(text).not.toContain('"blue"');

    const fresh = await launchExtension();
    try {
      const panel = await fresh.openSidePanel();
      await openSettings(panel, 'Chats and data');
      const [chooser] = await Promise.all([
        panel.waitForEvent('filechooser'),
        panel.getByLabel('Restore from a backup file').click(),
      ]);
      await chooser.setFiles(file);
      const opening = panel.getByRole('form', { name: 'Open the backup' });
      await opening.getByLabel(/^Passphrase of/).fill('not the passphrase');
      await opening.getByRole('button', { name: 'Show what it restores' }).click();
      await panel
        .getByRole('alert')
        .getByText(/passphrase does not open this backup/)
        .waitFor();
      expect(await requestFrom<{ servers: unknown[] }>(fresh, panel, 'mcp/servers/get')).toEqual({
        servers: expect.not.arrayContaining([expect.objectContaining({ name: 'Team docs' })]),
      });

      await opening.getByLabel(/^Passphrase of/).fill(PASSPHRASE);
      await opening.getByRole('button', { name: 'Show what it restores' }).click();
      const preview = panel.getByLabel('What the restore does');
      await preview.getByText('Team docs').waitFor();
      await preview.getByText('Morning summary').waitFor();
      await preview.getByText(/OpenAI-compatible/).waitFor();
      await shoot(panel, 'Backup', 'settings-restore-preview');
      const before = keyed.requests.length;
      await panel.getByRole('button', { name: 'Confirm restore' }).click();
      await panel.getByText('Restored. Servers are connecting.').waitFor();
      await panel.getByRole('button', { name: 'Done' }).click();

      await panel.getByRole('tab', { name: 'Servers' }).click();
      const card = serverCard(panel, 'Team docs');
      await card.locator('[data-state="connected"]').waitFor({ timeout: 15_000 });
      const after = keyed.requests.slice(before);
      expect(after.length).toBeGreaterThan(0);
      for (const request of after) expect(request.headers['x-team']).toBe('blue');
      const tools = await requestFrom<{ disabled: string[] }>(
        fresh,
        panel,
        `mcp/${serverId}/tools/get`,
      );
      expect(tools.disabled).toEqual(['create_event']);
      const { routines } = await requestFrom<{ routines: { name: string }[] }>(
        fresh,
        panel,
        'routines/list',
      );
      expect(routines.map((routine) => routine.name)).toEqual(['Morning summary']);

      model.script({ type: 'text', text: 'Restored and answering.' });
      await panel.getByRole('tab', { name: 'Chat', exact: true }).click();
      await panel.getByRole('combobox', { name: 'Message' }).fill('Are you there?');
      await panel.getByRole('button', { name: 'Send' }).click();
      await panel.getByText('Restored and answering.').waitFor();
      expect(fresh.errors).toEqual([]);
    } finally {
      await fresh.close();
    }
  });
});
