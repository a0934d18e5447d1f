/**
 * A chat never loses a word: every fault that can end a turn early (the panel closed or
 * reloaded, the worker stopped, the browser closed, storage full, damaged or old data, two
 * panels on one chat), each asserting exactly which messages are stored and shown afterwards.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { beforeEach, describe, expect, it, onTestFinished } from 'vitest';
import { startFixtureServer, type FixtureServer } from '../fixtures/mcp-fixture-server';
import { startScriptedOpenAI, type ScriptedOpenAI } from '../fixtures/scripted-openai';
import { chooseScriptedModel } from './chat-setup';
import { putRaw, storedMessages, writeLegacyDatabase, type StoredMessage } from './chat-storage';
import {
  closeAfterTest,
  freshExtensionPerTest,
  launchExtension,
  type ExtensionSession,
} from './harness';
import { addEnabledServer } from './server-setup';

const QUESTION = 'Why is the sky blue?';
const ANSWER = 'Sunlight scatters off the air, and short blue wavelengths scatter the most.';
/** The words of ANSWER sent before the model stalls. */
const SENT_WORDS = 6;
const PARTIAL = 'Sunlight scatters off the air, and ';
const REST = 'short blue wavelengths scatter the most.';
const INTERRUPTED_CALL = /Interrupted: Patchbay closed while this call was running/;

let model: ScriptedOpenAI;

/** A text turn that sends its first `words` deltas, then holds until released. */
function stalledAnswer(words: number) {
  let release: () => void = () => undefined;
  const released = new Promise<void>((resolve) => (release = resolve));
  onTestFinished(() => release());
  model.script({
    type: 'text',
    text: ANSWER,
    pace: (index) => (index < words ? Promise.resolve() : released),
  });
}

async function ask(page: Page, text: string) {
  await page.getByRole('combobox', { name: 'Message' }).fill(text);
  await page.getByRole('button', { name: 'Send' }).click();
}

const message = (
  role: string,
  text: string,
  state = 'complete',
  calls: string[] = [],
): Omit<StoredMessage, 'conversationId'> => ({ role, text, state, calls });

/** The stored messages without their chat id (tests here have one chat unless they say so). */
async function stored(page: Page) {
  return (await storedMessages(page)).map(({ conversationId: _, ...rest }) => rest);
}

/** Waits until what is stored is exactly `expected` (writes are throttled to about 1 s). */
async function storedBecomes(page: Page, expected: ReturnType<typeof message>[]) {
  await expect
    .poll(() => stored(page), { timeout: 5_000, message: 'the chat was not stored as shown' })
    .toEqual(expected);
}

/** The shown messages: role and visible text of each (an answer's text parts joined). */
function shown(page: Page) {
  return page.locator('.message').evaluateAll((items) =>
    items.map((item) => [
      item.getAttribute('data-role'),
      [...item.querySelectorAll('.user-bubble > p:not(.message-origin), .markdown')]
        .map((element) => element.textContent ?? '')
        .join(' ')
        .replace(/\s+/g, ' ')
        .trim(),
    ]),
  );
}

async function expectInterrupted(page: Page) {
  const banner = page.getByRole('status', { name: 'Interrupted answer' });
  await banner.waitFor({ timeout: 10_000 });
  return banner;
}

describe('a turn cut short in one browser', () => {
  const session = freshExtensionPerTest();
  let page: Page;

  beforeEach(async () => {
    model = closeAfterTest(await startScriptedOpenAI());
    page = await session.openSidePanel();
    await chooseScriptedModel(page, model.baseUrl);
    await page.reload();
  });

  it('keeps the question and the streamed words when the panel closes mid-answer; Continue goes on from them', async () => {
    stalledAnswer(SENT_WORDS);
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

  it('Retry runs an interrupted turn again, and a question that got no answer comes back too', async () => {
    stalledAnswer(0);
    await ask(page, QUESTION);
    await storedBecomes(page, [message('user', QUESTION, 'streaming')]);
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

  it('tells the person when storage is full, keeps chatting in memory and loses nothing stored', async () => {
    model.script({ type: 'text', text: 'Saved answer.' });
    await ask(page, 'First question');
    await page.getByText('Saved answer.').waitFor();
    await storedBecomes(page, [
      message('user', 'First question'),
      message('assistant', 'Saved answer.'),
    ]);

    await page.evaluate(() => {
      IDBObjectStore.prototype.put = () => {
        throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
      };
    });
    model.script({ type: 'text', text: 'Kept in memory.' }, { type: 'text', text: 'Still here.' });
    await ask(page, 'Second question');
    await page.getByText('Kept in memory.').waitFor();
    await page
      .getByRole('alert')
      .getByText(/Browser storage is full/)
      .waitFor();
    await ask(page, 'Third question');
    await page.getByText('Still here.').waitFor();
    await expect(shown(page)).resolves.toEqual([
      ['user', 'First question'],
      ['assistant', 'Saved answer.'],
      ['user', 'Second question'],
      ['assistant', 'Kept in memory.'],
      ['user', 'Third question'],
      ['assistant', 'Still here.'],
    ]);
    await expect(stored(page)).resolves.toEqual([
      message('user', 'First question'),
      message('assistant', 'Saved answer.'),
    ]);
  });

  it('skips a stored chat or message that fails validation and says so, without breaking the list', async () => {
    model.script({ type: 'text', text: 'Fine.' });
    await ask(page, 'A good chat');
    await page.getByText('Fine.').waitFor();
    const [first] = await storedMessages(page);
    await putRaw(page, 'summaries', { id: 'broken', title: 7, updatedAt: Date.now() + 1000 });
    await putRaw(page, 'messages', {
      conversationId: first!.conversationId,
      id: 'bad',
      seq: Date.now() + 1000,
      state: 'complete',
      message: { role: 'robot' },
    });
    await page.reload();
    await page
      .getByText('1 saved message of this chat could not be read and is not shown.')
      .waitFor();
    await expect(shown(page)).resolves.toEqual([
      ['user', 'A good chat'],
      ['assistant', 'Fine.'],
    ]);
    await page.getByRole('button', { name: /A good chat/ }).click();
    await page.getByText('1 saved chat could not be read and is not listed.').waitFor();
    await page.getByRole('list', { name: 'Chats' }).getByText('A good chat').waitFor();
  });

  it('keeps both panels’ messages when two panels write to one chat', async () => {
    model.script({ type: 'text', text: 'One.' });
    await ask(page, 'First from A');
    await page.getByText('One.').waitFor();
    await storedBecomes(page, [message('user', 'First from A'), message('assistant', 'One.')]);
    const other = await session.openSidePanel();
    await other.getByText('One.').waitFor();

    model.script({ type: 'text', text: 'Two.' });
    await ask(page, 'Second from A');
    await page.getByText('Two.').waitFor();
    model.script({ type: 'text', text: 'Three.' });
    await ask(other, 'Second from B');
    await other.getByText('Three.').waitFor();

    await storedBecomes(page, [
      message('user', 'First from A'),
      message('assistant', 'One.'),
      message('user', 'Second from A'),
      message('assistant', 'Two.'),
      message('user', 'Second from B'),
      message('assistant', 'Three.'),
    ]);
    await page.reload();
    await page.getByText('Three.').waitFor();
    await expect(shown(page)).resolves.toHaveLength(6);
  });

  it.each([1, 2] as const)(
    'opens a chat database written in layout %i with every chat',
    async (layout) => {
      await page.close();
      // An extension page that does not open the chat database: the old one is written first.
      const blank = await session.context.newPage();
      await blank.goto(`chrome-extension://${session.extensionId}/manifest.json`);
      await blank.evaluate(
        () =>
          new Promise<void>((resolve, reject) => {
            const request = indexedDB.deleteDatabase('patchbay');
            request.onsuccess = () => resolve();
            request.onerror = () => reject(request.error ?? new Error('delete failed'));
          }),
      );
      const chat = (id: string, updatedAt: number, texts: string[]) => ({
        id,
        title: `Old ${id}`,
        createdAt: 1,
        updatedAt,
        messages: texts.map((text, index) => ({
          id: `${id}-${index}`,
          role: index % 2 ? 'assistant' : 'user',
          parts: [{ type: 'text', text }],
        })),
      });
      await writeLegacyDatabase(blank, layout, [
        chat('a', 10, ['Older question', 'Older answer']),
        chat('b', 20, ['Latest question', 'Latest answer', 'Follow-up', 'Last answer']),
      ]);
      await blank.close();

      page = await session.openSidePanel();
      await page.getByText('Last answer').waitFor();
      await expect(shown(page)).resolves.toEqual([
        ['user', 'Latest question'],
        ['assistant', 'Latest answer'],
        ['user', 'Follow-up'],
        ['assistant', 'Last answer'],
      ]);
      await page.getByRole('button', { name: /Old b/ }).click();
      await page
        .getByRole('list', { name: 'Chats' })
        .getByRole('button', { name: 'Old a', exact: true })
        .click();
      await page.getByText('Older answer').waitFor();
      await expect(stored(page)).resolves.toEqual([
        message('user', 'Older question'),
        message('assistant', 'Older answer'),
        message('user', 'Latest question'),
        message('assistant', 'Latest answer'),
        message('user', 'Follow-up'),
        message('assistant', 'Last answer'),
      ]);
    },
  );
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
    const state = await card.getAttribute('data-tool-state');
    await storedBecomes(page, [
      message('user', 'Echo ping'),
      message('assistant', 'Echoing now.The echo did not come back.', 'complete', [
        `${serverId}__echo:${state === 'done' ? 'output-available' : 'output-error'}`,
      ]),
    ]);
    await page.reload();
    await page.getByText('The echo did not come back.').waitFor();
    await expect(
      page.locator('.tool-card[data-tool-name="echo"]').getAttribute('data-tool-state'),
    ).resolves.toBe(state);
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
    stalledAnswer(SENT_WORDS);
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
