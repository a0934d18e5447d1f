/**
 * An update keeps what people stored: the previous release's package (tests/fixtures/releases/)
 * is installed, given servers, a sign-in, chats and approvals, then replaced by the current
 * build in the same directory and profile, as the browser updates an extension in place. Both
 * carry the manifest `key`, so the extension id, and with it every origin-bound store
 * (chrome.storage, IndexedDB, the OAuth redirect URL), stays the same.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import extract from 'extract-zip';
import type { Page } from 'playwright-core';
import { afterEach, describe, expect, it } from 'vitest';
import { startFixtureServer } from '../fixtures/mcp-fixture-server';
import { startOAuthFixture } from '../fixtures/oauth-server';
import { startScriptedOpenAI } from '../fixtures/scripted-openai';
import { chooseScriptedModel } from './chat-setup';
import { storedMessages } from './chat-storage';
import {
  closeAfterTest,
  EXTENSION_DIR,
  launchExtension,
  requestFrom,
  type ExtensionSession,
} from './harness';
import { addAndSwitchOn, addEnabledServer } from './server-setup';

/** The last release, as people have it installed. */
const PREVIOUS_RELEASE = resolve('tests/fixtures/releases/patchbay-0.1.0-86a807c-chrome.zip');

const temporary: string[] = [];
afterEach(() => {
  for (const dir of temporary.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function tempDir(prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  temporary.push(dir);
  return dir;
}

async function ask(page: Page, text: string) {
  await page.getByRole('button', { name: 'New chat', exact: true }).click();
  await page.getByRole('combobox', { name: 'Message' }).fill(text);
  await page.getByRole('button', { name: 'Send' }).click();
}

/** Adds the OAuth server and switches it on; the sign-in (approved at once) runs in the background. */
async function signIn(
  session: ExtensionSession,
  page: Page,
  input: { name: string; url: string },
): Promise<string> {
  const { id } = await addAndSwitchOn(session, page, input);
  await expect
    .poll(
      async () => {
        const { servers } = await requestFrom<{ servers: ServerStatus[] }>(
          session,
          page,
          'mcp/servers/get',
        );
        return servers.find((each) => each.id === id)?.status.state;
      },
      { timeout: 15_000, message: `${input.name} never connected after signing in` },
    )
    .toBe('connected');
  return id;
}

interface ServerStatus {
  id: string;
  name: string;
  isEnabled: boolean;
  isSignedIn?: boolean;
  status: { state: string };
}

describe('updating from the previous release', () => {
  it('keeps servers, sign-ins, chats, the model and approvals, and everything still works', async () => {
    const [model, fixture, oauth] = await Promise.all([
      startScriptedOpenAI().then(closeAfterTest),
      startFixtureServer().then(closeAfterTest),
      startOAuthFixture({ consent: 'auto' }).then(closeAfterTest),
    ]);
    const extensionDir = tempDir('patchbay-installed-');
    const userDataDir = tempDir('patchbay-profile-');
    await extract(PREVIOUS_RELEASE, { dir: extensionDir });

    // The previous release: a model, two servers (one signed in), a chat with an approved
    // tool call, and a tool always allowed.
    const before = await launchExtension({ extensionDir, userDataDir });
    let fixtureId: string;
    let oauthId: string;
    try {
      const page = await before.openSidePanel();
      await chooseScriptedModel(page, model.baseUrl);
      fixtureId = await addEnabledServer(before, page, { name: 'Fixture', url: fixture.mcpUrl });
      oauthId = await signIn(before, page, { name: 'Signed in', url: oauth.mcpUrl });
      await page.reload();

      model.script(
        {
          type: 'tool-call',
          toolName: `${fixtureId}__create_event`,
          input: { title: 'Standup', schedule: { start: '2026-11-23T09:00:00Z' } },
        },
        { type: 'text', text: 'Standup is on the calendar.' },
        { type: 'tool-call', toolName: `${oauthId}__whoami`, input: {} },
        { type: 'text', text: 'You are user-1.' },
      );
      await ask(page, 'Put a standup on my calendar');
      await page
        .locator('.tool-card[data-tool-name="create_event"]')
        .getByRole('button', { name: 'Approve', exact: true })
        .click();
      await page.getByText('Standup is on the calendar.').waitFor();

      await ask(page, 'Who am I?');
      await page
        .locator('.tool-card[data-tool-name="whoami"]')
        .getByRole('button', { name: 'Always allow this tool' })
        .click();
      await page.getByText('You are user-1.').waitFor();
      // The previous release writes a finished turn a moment after it shows; the browser is
      // closed only once both answers are stored complete (what this test carries across).
      await expect
        .poll(async () =>
          (await storedMessages(page))
            .filter((message) => message.role === 'assistant' && message.state === 'complete')
            .map((message) => message.text)
            .sort(),
        )
        .toEqual(['Standup is on the calendar.', 'You are user-1.']);
      expect([...before.errors], 'errors logged by the previous release').toEqual([]);
    } finally {
      await before.close();
    }
    const storedBefore = { chats: 2, signIns: oauth.tokenRequests.length };

    // The update: the current build replaces the files, the profile stays.
    rmSync(extensionDir, { recursive: true, force: true });
    cpSync(EXTENSION_DIR, extensionDir, { recursive: true });
    const after = await launchExtension({ extensionDir, userDataDir });
    try {
      const page = await after.openSidePanel();
      const { servers } = await requestFrom<{ servers: ServerStatus[] }>(
        after,
        page,
        'mcp/servers/get',
      );
      expect(
        servers
          .filter((server) => [fixtureId, oauthId].includes(server.id))
          .map((server) => ({
            name: server.name,
            isEnabled: server.isEnabled,
            isSignedIn: server.isSignedIn ?? false,
          })),
      ).toEqual([
        { name: 'Fixture', isEnabled: true, isSignedIn: false },
        { name: 'Signed in', isEnabled: true, isSignedIn: true },
      ]);
      // The sign-in survived: the server works with no new authorization.
      const whoami = await requestFrom<{ content: { text: string }[] }>(
        after,
        page,
        `mcp/${oauthId}/tool/call`,
        { name: 'whoami', arguments: {} },
      );
      expect(whoami.content[0]?.text).toBe('user: user-1 scopes: read');
      expect(
        oauth.tokenRequests.filter((request) => request.grantType === 'authorization_code'),
      ).toHaveLength(1);

      // Both chats, with the tool calls and answers.
      const messages = await storedMessages(page);
      expect(new Set(messages.map((message) => message.conversationId)).size).toBe(
        storedBefore.chats,
      );
      const answers = messages.filter((message) => message.role === 'assistant');
      expect(answers).toHaveLength(2);
      expect(answers).toEqual(
        expect.arrayContaining([
          expect.objectContaining({
            text: 'Standup is on the calendar.',
            calls: [`${fixtureId}__create_event:output-available`],
          }),
          expect.objectContaining({
            text: 'You are user-1.',
            calls: [`${oauthId}__whoami:output-available`],
          }),
        ]),
      );
      // The panel opens on the last chat, and the earlier one is in the list.
      await page.getByText('You are user-1.').waitFor();
      await page.getByRole('button', { name: 'Chats', exact: true }).click();
      await page
        .getByRole('region', { name: 'Chats' })
        .getByText('Put a standup on my calendar')
        .click();
      await page.getByText('Standup is on the calendar.').waitFor();

      // The model is still set, and the tool is still always allowed: with another server's tool
      // descriptions in the request, the person's question still asks for nothing the read would
      // send, so it runs unasked (src/policy/intent.ts).
      model.script(
        { type: 'tool-call', toolName: `${oauthId}__whoami`, input: {} },
        { type: 'text', text: 'Still user-1.' },
      );
      await ask(page, 'Who am I now?');
      await page.getByText('Still user-1.').waitFor();
      await expect(
        page.locator('.tool-card[data-tool-name="whoami"]').last().getAttribute('data-tool-state'),
      ).resolves.toBe('done');
      expect(await page.locator('.tool-card[data-tool-state="awaiting-approval"]').count()).toBe(0);
      expect(oauth.tokenRequests.length).toBe(storedBefore.signIns);

      // Every kind of stored data is one the privacy policy names.
      const keys = await page.evaluate(async () =>
        Object.keys(
          await (
            globalThis as unknown as {
              chrome: { storage: { local: { get(keys: null): Promise<Record<string, unknown>> } } };
            }
          ).chrome.storage.local.get(null),
        ),
      );
      const privacy = readFileSync('store/PRIVACY.md', 'utf8');
      // Named whole (`chat.models`) or by prefix (`pageTools.*`, `chat.unsaved.*`).
      const prefixes = [...privacy.matchAll(/`([\w.]+\.)\*`/g)].map((match) => match[1]!);
      expect(
        keys.filter(
          (key) =>
            !privacy.includes(`\`${key}\``) && !prefixes.some((prefix) => key.startsWith(prefix)),
        ),
        'stored keys store/PRIVACY.md does not name',
      ).toEqual([]);
      expect([...after.errors], 'errors logged by the current build').toEqual([]);
    } finally {
      await after.close();
    }
  });
});
