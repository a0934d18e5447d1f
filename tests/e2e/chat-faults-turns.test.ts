/**
 * A chat never loses a word when a turn is cut short: the panel closed or reloaded mid-answer or
 * mid-call, the worker stopped, the browser closed. Each case asserts exactly which messages are
 * stored and shown afterwards. (Storage faults: chat-faults-storage.test.ts.)
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { beforeEach, describe, expect, it, onTestFinished } from 'vitest';
import { startFixtureServer, type FixtureServer } from '../fixtures/mcp-fixture-server';
import { startScriptedOpenAI, type ScriptedOpenAI } from '../fixtures/scripted-openai';
import {
  ANSWER,
  INTERRUPTED_CALL,
  PARTIAL,
  QUESTION,
  REST,
  SENT_WORDS,
  ask,
  expectInterrupted,
  message,
  shown,
  stalledAnswer,
  stored,
  storedBecomes,
} from './chat-fault-helpers';
import { chooseScriptedModel } from './chat-setup';
import {
  closeAfterTest,
  freshExtensionPerTest,
  launchExtension,
  type ExtensionSession,
} from './harness';
import { addEnabledServer } from './server-setup';

let model: ScriptedOpenAI;

describe('an answer cut short in one browser', () => {
  const session = freshExtensionPerTest();
  let page: Page;

  beforeEach(async () => {
    model = closeAfterTest(await startScriptedOpenAI());
    page = await session.openSidePanel();
    await chooseScriptedModel(page, model.baseUrl);
    await page.reload();
  });

  it('keeps the question and the streamed words when the panel closes mid-answer; Continue goes on from them', async () => {
    stalledAnswer(model, SENT_WORDS);
    await ask(page, QUESTION);
    await page.getByText(PARTIAL.trim()).waitFor();
    await storedBecomes(page, [
      message('user', QUESTION, 'streaming'),
      message('assistant', PARTIAL, 'streaming'),
    ]);
    await page.close();

    page = await session.openSidePanel();
    const banner = await expectInterrupted(page);
    await expect(shown(page)).resolves.toEqual([
      ['user', QUESTION],
      ['assistant', PARTIAL.trim()],
    ]);
    await session.screenshot(page, 'chat-interrupted');

    model.script({ type: 'text', text: REST });
    await banner.getByRole('button', { name: 'Continue' }).click();
    await page.getByText(REST).waitFor();
    await banner.waitFor({ state: 'detached' });
    const body = JSON.stringify(model.requests.at(-1)!.body);
    expect(body).toContain(PARTIAL.trim());
    expect(body).toContain('Continue exactly where it stopped');
    await storedBecomes(page, [message('user', QUESTION), message('assistant', ANSWER)]);
    await page.reload();
    await page.getByText(REST).waitFor();
    await expect(shown(page)).resolves.toEqual([
      ['user', QUESTION],
      ['assistant', ANSWER],
    ]);
    await expect(page.getByRole('status', { name: 'Interrupted answer' }).count()).resolves.toBe(0);
  });

  it('keeps the words shown at the moment the panel closes, with no time to save them first', async () => {
    stalledAnswer(model, SENT_WORDS);
    await ask(page, QUESTION);
    await page.getByText(PARTIAL.trim()).waitFor();
    await page.close();

    page = await session.openSidePanel();
    await expectInterrupted(page);
    await expect(stored(page)).resolves.toEqual([
      message('user', QUESTION, 'streaming'),
      message('assistant', PARTIAL, 'streaming'),
    ]);
  });

  it('keeps a whole answer when the panel closes the moment it ends', async () => {
    model.script({ type: 'text', text: ANSWER });
    await ask(page, QUESTION);
    await page.getByText(ANSWER).waitFor();
    await page.getByRole('button', { name: 'Send' }).waitFor();
    await page.close();

    page = await session.openSidePanel();
    await page.getByText(ANSWER).waitFor();
    await expect(stored(page)).resolves.toEqual([
      message('user', QUESTION),
      message('assistant', ANSWER),
    ]);
  });

  it('keeps a whole answer when the panel reloads the moment its words are shown', async () => {
    model.script({ type: 'text', text: ANSWER });
    await ask(page, QUESTION);
    await page.getByText(ANSWER).waitFor();
    await page.reload();

    await page.getByText(ANSWER).waitFor();
    await expect(shown(page)).resolves.toEqual([
      ['user', QUESTION],
      ['assistant', ANSWER],
    ]);
    // Stored whole (as ended or as cut short, depending on the instant of the reload).
    const words = (await stored(page)).map(({ role, text }) => [role, text]);
    expect(words).toEqual([
      ['user', QUESTION],
      ['assistant', ANSWER],
    ]);
    // What the reloaded panel kept aside is in the chat's database now, and gone from storage.
    const keys = await page.evaluate(() =>
      (
        globalThis as unknown as {
          chrome: { storage: { local: { getKeys(): Promise<string[]> } } };
        }
      ).chrome.storage.local.getKeys(),
    );
    expect(keys.filter((key) => key.startsWith('chat.unsaved.'))).toEqual([]);
  });

  it('Retry runs an interrupted turn again, and a question that got no answer comes back too', async () => {
    stalledAnswer(model, 0);
    await ask(page, QUESTION);
    await storedBecomes(page, [message('user', QUESTION, 'streaming')]);
    // The model took the stalled answer (the question is stored before it is sent): closed
    // sooner, the stalled answer would wait for Retry's request, ahead of the one scripted below.
    await expect
      .poll(() => model.requests.filter((request) => request.api !== 'models').length)
      .toBe(1);
    await page.close();

    page = await session.openSidePanel();
    const banner = await expectInterrupted(page);
    await banner.getByText('interrupted before an answer arrived').waitFor();
    await expect(shown(page)).resolves.toEqual([['user', QUESTION]]);

    model.script({ type: 'text', text: ANSWER });
    await banner.getByRole('button', { name: 'Retry' }).click();
    await page.getByText(ANSWER).waitFor();
    await storedBecomes(page, [message('user', QUESTION), message('assistant', ANSWER)]);
    await expect(shown(page)).resolves.toEqual([
      ['user', QUESTION],
      ['assistant', ANSWER],
    ]);
  });

  it('keeps a question whose answer failed (the network went) and offers it again after a reload', async () => {
    // The browser logs the failed response itself.
    session.expectConsoleError(
      /Failed to load resource: the server responded with a status of 400/,
    );
    model.script({ type: 'error', status: 400, message: 'The connection dropped.' });
    await ask(page, QUESTION);
    await page.locator('.chat-error').getByRole('button', { name: 'Retry' }).waitFor();
    await storedBecomes(page, [message('user', QUESTION, 'streaming')]);
    await page.reload();
    const banner = await expectInterrupted(page);
    await expect(shown(page)).resolves.toEqual([['user', QUESTION]]);
    model.script({ type: 'text', text: ANSWER });
    await banner.getByRole('button', { name: 'Retry' }).click();
    await page.getByText(ANSWER).waitFor();
    await storedBecomes(page, [message('user', QUESTION), message('assistant', ANSWER)]);
  });
});

describe('a tool call cut short', () => {
  const session = freshExtensionPerTest();
  let page: Page;
  let fixture: FixtureServer;
  let serverId: string;

  beforeEach(async () => {
    [model, fixture] = await Promise.all([
      startScriptedOpenAI().then(closeAfterTest),
      startFixtureServer().then(closeAfterTest),
    ]);
    page = await session.openSidePanel();
    serverId = await addEnabledServer(session, page, { name: 'Fixture', url: fixture.mcpUrl });
    await chooseScriptedModel(page, model.baseUrl);
    await page.reload();
  });

  /** How many tools/call requests reached the server. */
  const callsRun = () =>
    fixture.requests.filter(
      (entry) => (entry.body as { method?: unknown } | undefined)?.method === 'tools/call',
    ).length;

  async function approveHeldCall() {
    const held = fixture.holdNext('tools/call');
    onTestFinished(() => held.release());
    model.script({
      type: 'tool-call',
      toolName: `${serverId}__echo`,
      input: { text: 'ping' },
      text: 'Echoing now.',
    });
    await ask(page, 'Echo ping');
    const card = page.locator('.tool-card[data-tool-name="echo"]');
    await card.getByRole('button', { name: 'Approve' }).click();
    await held.arrived;
    return { card, held };
  }

  it('comes back after a reload mid-call saying its outcome is unknown, and is never run again', async () => {
    await approveHeldCall();
    await storedBecomes(page, [
      message('user', 'Echo ping', 'streaming'),
      message('assistant', 'Echoing now.', 'streaming', [`${serverId}__echo:approval-responded`]),
    ]);
    await page.reload();
    await expectInterrupted(page);
    const card = page.locator('.tool-card[data-tool-name="echo"]');
    await expect(card.getAttribute('data-tool-state')).resolves.toBe('failed');
    await card.getByText(INTERRUPTED_CALL).waitFor();
    await session.screenshot(page, 'chat-interrupted-call');

    model.script({ type: 'text', text: 'I could not tell whether the echo ran.' });
    const calls = callsRun();
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByText('I could not tell whether the echo ran.').waitFor();
    expect(JSON.stringify(model.requests.at(-1)!.body)).toMatch(INTERRUPTED_CALL);
    expect(callsRun()).toBe(calls);
    await storedBecomes(page, [
      message('user', 'Echo ping'),
      message('assistant', 'Echoing now.I could not tell whether the echo ran.', 'complete', [
        `${serverId}__echo:output-error`,
      ]),
    ]);
  });

  it('keeps a call waiting for approval waiting after the panel closes, and runs it only on Approve', async () => {
    model.script({ type: 'tool-call', toolName: `${serverId}__echo`, input: { text: 'later' } });
    await ask(page, 'Echo later');
    await page.locator('.tool-card[data-tool-state="awaiting-approval"]').waitFor();
    await storedBecomes(page, [
      message('user', 'Echo later'),
      message('assistant', '', 'complete', [`${serverId}__echo:approval-requested`]),
    ]);
    await page.close();
    page = await session.openSidePanel();
    const card = page.locator('.tool-card[data-tool-name="echo"]');
    await expect(card.getAttribute('data-tool-state')).resolves.toBe('awaiting-approval');
    // Nothing ran while it waited, across the close; it runs once, on the click.
    expect(callsRun()).toBe(0);
    model.script({ type: 'text', text: 'Echoed: later.' });
    await card.getByRole('button', { name: 'Approve' }).click();
    await page.getByText('Echoed: later.').waitFor();
    expect(callsRun()).toBe(1);
  });

  it('keeps every word when the worker stops mid-call', async () => {
    const { card, held } = await approveHeldCall();
    model.script({ type: 'text', text: 'The echo did not come back.' });
    await session.stopWorker(page);
    held.release();
    await page.getByText('The echo did not come back.').waitFor({ timeout: 15_000 });
    // What is known of the call's outcome: the background restarted before it answered.
    await expect(card.getAttribute('data-tool-state')).resolves.toBe('failed');
    await card.getByText(/background restarted before it answered/).waitFor();
    await storedBecomes(page, [
      message('user', 'Echo ping'),
      message('assistant', 'Echoing now.The echo did not come back.', 'complete', [
        `${serverId}__echo:output-error`,
      ]),
    ]);
    await page.reload();
    await page.getByText('The echo did not come back.').waitFor();
    const restored = page.locator('.tool-card[data-tool-name="echo"]');
    await expect(restored.getAttribute('data-tool-state')).resolves.toBe('failed');
    await restored.getByText(/background restarted before it answered/).waitFor();
  });
});

describe('the browser closed mid-answer', () => {
  it('reopens on the same profile with the question and the streamed words, marked interrupted', async () => {
    model = closeAfterTest(await startScriptedOpenAI());
    const profile = mkdtempSync(join(tmpdir(), 'patchbay-e2e-profile-'));
    onTestFinished(() => rmSync(profile, { recursive: true, force: true }));
    const launches: ExtensionSession[] = [];
    onTestFinished(async () => {
      for (const launched of launches) await launched.close().catch(() => undefined);
    });
    const first = await launchExtension({ userDataDir: profile });
    launches.push(first);
    let page = await first.openSidePanel();
    await chooseScriptedModel(page, model.baseUrl);
    await page.reload();
    stalledAnswer(model, SENT_WORDS);
    await ask(page, QUESTION);
    await page.getByText(PARTIAL.trim()).waitFor();
    await storedBecomes(page, [
      message('user', QUESTION, 'streaming'),
      message('assistant', PARTIAL, 'streaming'),
    ]);
    await first.close();
    expect(first.errors).toEqual([]);

    const second = await launchExtension({ userDataDir: profile });
    launches.push(second);
    page = await second.openSidePanel();
    await expectInterrupted(page);
    await expect(shown(page)).resolves.toEqual([
      ['user', QUESTION],
      ['assistant', PARTIAL.trim()],
    ]);
    model.script({ type: 'text', text: ANSWER });
    await page.getByRole('button', { name: 'Retry' }).click();
    await page.getByText(ANSWER).waitFor();
    await storedBecomes(page, [message('user', QUESTION), message('assistant', ANSWER)]);
    expect(second.errors).toEqual([]);
  });
});
