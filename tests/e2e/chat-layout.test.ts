/**
 * The chat as people see it in a side panel (420 × 900 unless a test says otherwise): the
 * composer pinned to the bottom with the transcript scrolling above it and following the latest
 * words, its keys, and what each finished answer offers (Copy, the usage line, reasoning).
 */
import { beforeEach, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { startScriptedAnthropic } from '../fixtures/scripted-anthropic';
import type { ScriptedProvider } from '../fixtures/scripted-http';
import { startScriptedOpenAI, type ScriptedOpenAI } from '../fixtures/scripted-openai';
import { chooseScriptedModel, saveModelSettings } from './chat-setup';
import { closeAfterTest, freshExtensionPerTest } from './harness';

const session = freshExtensionPerTest();
let model: ScriptedOpenAI;
let page: Page;

const composer = () => page.getByRole('combobox', { name: 'Message' });

/** The panel's bottom minus the composer's: how far the composer sits from the bottom edge. */
const composerGap = () =>
  page.evaluate(() => {
    const form = document.querySelector('form.composer');
    if (!form) throw new Error('No composer on the page');
    return window.innerHeight - form.getBoundingClientRect().bottom;
  });

/** How the transcript stands: its scroll position and how far its end is below the view. */
const transcript = () =>
  page.locator('.transcript').evaluate((element) => ({
    top: element.scrollTop,
    height: element.scrollHeight,
    fromBottom: element.scrollHeight - element.clientHeight - element.scrollTop,
  }));

/** Whether `text`'s element is inside the transcript's visible box. */
const inView = (text: string) =>
  page.locator('.transcript').evaluate((element, wanted) => {
    const box = element.getBoundingClientRect();
    const target = [...element.querySelectorAll('p, li, pre')].findLast((node) =>
      node.textContent?.includes(wanted),
    );
    if (!target) return false;
    const rect = target.getBoundingClientRect();
    return rect.bottom <= box.bottom + 1 && rect.top >= box.top - 1;
  }, text);

/** Waits until the transcript grew 200 px past `height` with its end still in view. */
const grewWithEndInView = (height: number) =>
  page.waitForFunction(
    (before) => {
      const element = document.querySelector('.transcript');
      if (!element) return false;
      const fromBottom = element.scrollHeight - element.clientHeight - element.scrollTop;
      return element.scrollHeight > before + 200 && fromBottom <= 1;
    },
    height,
    { timeout: 10_000 },
  );

async function send(text: string) {
  await composer().fill(text);
  await composer().press('Enter');
}

const longAnswer = (paragraphs: number, last: string) =>
  [
    ...Array.from(
      { length: paragraphs },
      (_, index) =>
        `Paragraph ${index + 1}: the side panel keeps the composer where the hand expects it.`,
    ),
    last,
  ].join('\n\n');

beforeEach(async () => {
  model = await startScriptedOpenAI().then(closeAfterTest);
  page = await session.openSidePanel();
  await page.setViewportSize({ width: 420, height: 900 });
  await chooseScriptedModel(page, model.baseUrl);
  await page.reload();
  await composer().waitFor();
});

describe('layout', () => {
  it('keeps the composer at the bottom on an empty chat and after a long answer, with its last words in view', async () => {
    await page
      .getByText('Ask something. Patchbay can use 0 tools from your switched-on servers.')
      .waitFor();
    expect(await composerGap()).toBeGreaterThanOrEqual(0);
    expect(await composerGap()).toBeLessThanOrEqual(48);
    await session.screenshot(page, 'chat-layout-empty-420x900');

    model.script({ type: 'text', text: longAnswer(40, 'These are the very last words.') });
    await send('Tell me a long story');
    await page.getByRole('button', { name: 'Copy answer' }).waitFor();
    await expect.poll(() => inView('These are the very last words.')).toBe(true);
    const gap = await composerGap();
    expect(gap).toBeGreaterThanOrEqual(0);
    expect(gap).toBeLessThanOrEqual(48);
    // The transcript scrolls, not the page.
    expect((await transcript()).height).toBeGreaterThan(900);
    await expect(
      page.evaluate(() => document.documentElement.scrollHeight - window.innerHeight),
    ).resolves.toBeLessThanOrEqual(0);
    await session.screenshot(page, 'chat-layout-long-answer-420x900');
  });

  it('fits heights 320 and 1200 and widths 320 and 600', async () => {
    model.script({ type: 'text', text: longAnswer(12, 'The end of a medium answer.') });
    await send('A medium answer, please');
    await page.getByRole('button', { name: 'Copy answer' }).waitFor();
    for (const size of [
      { width: 420, height: 320 },
      { width: 420, height: 1200 },
      { width: 320, height: 900 },
      { width: 600, height: 900 },
    ]) {
      await page.setViewportSize(size);
      const label = `${size.width}x${size.height}`;
      await expect.poll(composerGap, { message: `composer at ${label}` }).toBeLessThanOrEqual(48);
      expect(await composerGap(), label).toBeGreaterThanOrEqual(0);
      await expect
        .poll(() => inView('The end of a medium answer.'), { message: `last words at ${label}` })
        .toBe(true);
      await expect(
        page.evaluate(
          () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
        ),
        `no sideways scroll at ${label}`,
      ).resolves.toBe(0);
      await session.screenshot(page, `chat-layout-${label}`);
    }
    // The README's pictures of the chat: the narrowest and widest panels, in both themes.
    for (const width of [360, 600]) {
      await page.setViewportSize({ width, height: 760 });
      for (const colorScheme of ['light', 'dark'] as const) {
        await page.emulateMedia({ colorScheme });
        await expect.poll(() => inView('The end of a medium answer.')).toBe(true);
        await session.screenshot(page, `chat-${width}-${colorScheme}`);
      }
    }
  });

  it('grows the composer with its text up to a limit, then scrolls it', async () => {
    const box = () =>
      composer().evaluate((element) => ({
        height: element.getBoundingClientRect().height,
        scrolls: element.scrollHeight > element.clientHeight,
      }));
    const empty = await box();
    await composer().fill('one\ntwo\nthree\nfour');
    const four = await box();
    expect(four.height).toBeGreaterThan(empty.height);
    expect(four.scrolls).toBe(false);
    await composer().fill(Array.from({ length: 60 }, (_, index) => `line ${index}`).join('\n'));
    const many = await box();
    expect(many.height).toBeLessThan(900 * 0.45);
    expect(many.scrolls).toBe(true);
    expect(await composerGap()).toBeLessThanOrEqual(48);
  });
});

describe('following the answer', () => {
  it('follows while streaming, stops when scrolled up with Jump to latest, and Escape stops the answer', async () => {
    model.script({
      type: 'slow-text',
      // A paragraph every two words: the answer grows quickly.
      text: 'Still going.\n\n',
      delayMs: 15,
    });
    await send('Go on and on');
    const scroller = page.locator('.transcript');
    // Followed: once the answer overflows, its end stays in view as it grows.
    await page.waitForFunction(() => {
      const element = document.querySelector('.transcript');
      return element !== null && element.scrollHeight > element.clientHeight + 600;
    });
    await grewWithEndInView((await transcript()).height);

    // Scrolled up: the view stays where the person put it, and offers the way back.
    const box = await scroller.boundingBox();
    if (!box) throw new Error('The transcript has no box');
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.wheel(0, -400);
    const jump = page.getByRole('button', { name: 'Jump to latest' });
    await jump.waitFor();
    await expect.poll(async () => (await transcript()).fromBottom).toBeGreaterThan(300);
    const paused = await transcript();
    await page.waitForFunction(
      (before) => (document.querySelector('.transcript')?.scrollHeight ?? 0) > before + 300,
      paused.height,
    );
    const later = await transcript();
    expect(later.top).toBe(paused.top);
    expect(later.fromBottom).toBeGreaterThan(paused.fromBottom);
    await session.screenshot(page, 'chat-layout-jump-to-latest');

    // Jump to latest: back at the end, following again.
    await jump.click();
    await jump.waitFor({ state: 'detached' });
    await grewWithEndInView((await transcript()).height);

    // Escape in the composer stops the answer: the model's request is aborted.
    await composer().focus();
    await composer().press('Escape');
    await page.getByRole('button', { name: 'Send' }).waitFor();
    await expect.poll(() => model.requests.at(-1)?.aborted).toBe(true);
    await page.getByRole('button', { name: 'Copy answer' }).waitFor();
    await expect(page.locator('.chat-error').count()).resolves.toBe(0);
  });
});

describe('composer keys', () => {
  it('sends on Enter, breaks lines on Shift+Enter, and edits the last message on Up', async () => {
    model.script({ type: 'text', text: 'Noted both lines.' });
    await composer().fill('line one');
    await composer().press('Shift+Enter');
    await composer().pressSequentially('line two');
    await expect(composer().inputValue()).resolves.toBe('line one\nline two');
    await composer().press('Enter');
    await page.getByText('Noted both lines.').waitFor();
    expect(JSON.stringify(model.requests.at(-1)?.body)).toContain('line one\\nline two');
    await expect(composer().inputValue()).resolves.toBe('');

    model.script({ type: 'text', text: 'Edited and answered.' });
    await composer().press('ArrowUp');
    const edit = page.getByRole('textbox', { name: 'Edit message' });
    await expect
      .poll(() => edit.evaluate((element) => element === document.activeElement))
      .toBe(true);
    await expect(edit.inputValue()).resolves.toBe('line one\nline two');
    await edit.fill('only one line');
    await page.locator('.edit-message').getByRole('button', { name: 'Send' }).click();
    await page.getByText('Edited and answered.').waitFor();
    await expect(page.getByText('Noted both lines.').count()).resolves.toBe(0);
    expect(JSON.stringify(model.requests.at(-1)?.body)).toContain('only one line');
  });
});

describe('answer actions', () => {
  it('copies an answer as Markdown and shows the model and tokens under it', async () => {
    // Chromium refuses a grant for the extension's origin by name ("opaque"); one for every
    // origin of this test's browser covers it.
    await session.context.grantPermissions(['clipboard-read', 'clipboard-write']);
    const markdown = 'Use **bold** here.\n\n```sh\nnpm test\n```\n\n- one\n- two';
    model.script({ type: 'text', text: markdown });
    await send('Give me some Markdown');
    await page.getByRole('button', { name: 'Copy answer' }).click();
    await page.getByRole('button', { name: 'Copy answer: copied' }).waitFor();
    await expect(page.evaluate(() => navigator.clipboard.readText())).resolves.toBe(markdown);

    const answered = model.requests.at(-1)!;
    expect(answered.aborted).toBe(false);
    await expect(page.locator('.answer-usage').textContent()).resolves.toMatch(
      /^scripted-model · \d+ tokens \(\d+ in, \d+ out\)$/,
    );
  });

  it('shows the tokens the provider reported and reasoning collapsed as "Thought for", the same after reopening', async () => {
    const anthropic: ScriptedProvider = await startScriptedAnthropic().then(closeAfterTest);
    await saveModelSettings(page, {
      provider: 'anthropic',
      apiKey: 'sk-ant-layout',
      model: 'claude-scripted',
      baseUrl: anthropic.baseUrl,
    });
    await page.reload();
    anthropic.script({
      type: 'text',
      text: 'The answer is 42.',
      reasoning: 'Six times seven is forty-two, so that is the answer.',
      reasoningMs: 1200,
    });
    await send('What is six times seven?');
    await page.getByText('The answer is 42.').waitFor();
    const thought = page.locator('details.reasoning');
    await expect(thought.locator('summary').textContent()).resolves.toMatch(/^Thought for \d+ s$/);
    const label = await thought.locator('summary').textContent();
    await expect(thought.getByText('Six times seven').isVisible()).resolves.toBe(false);
    await thought.locator('summary').click();
    await thought.getByText('Six times seven is forty-two').waitFor();
    // What @ai-sdk/anthropic read from the scripted server: 10 in (message_start), 5 out.
    await expect(page.locator('.answer-usage').textContent()).resolves.toBe(
      'claude-scripted · 15 tokens (10 in, 5 out)',
    );
    await session.screenshot(page, 'chat-layout-reasoning-420x900');

    // Saved with the answer: a reopened panel shows the same.
    await page
      .locator('.conversation-switch-title', { hasText: /What is six times seven\?/ })
      .waitFor();
    await page.reload();
    await page.getByText('The answer is 42.').waitFor();
    await expect(page.locator('details.reasoning summary').textContent()).resolves.toBe(label);
    await expect(page.locator('.answer-usage').textContent()).resolves.toBe(
      'claude-scripted · 15 tokens (10 in, 5 out)',
    );
  });
});
