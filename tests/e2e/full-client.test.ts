/**
 * The whole MCP client in the side panel, in Chromium, against the protocol's reference
 * server: a form a server asks mid-call (answered and declined), a page it asks the person to
 * open (only after they agree), a model run it asks for (approved and refused), a resource
 * attached with "@", a prompt run with "/" and a completed argument, and a resource link
 * opened from a tool result.
 */
import { mkdirSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startScriptedOpenAI, type ScriptedOpenAI } from '../fixtures/scripted-openai';
import { startServerEverything, type ServerEverything } from '../fixtures/server-everything';
import { chatWithServer } from './chat-setup';
import { closeAfterTest, requestFrom, SCREENSHOT_DIR, freshExtensionPerTest } from './harness';
import { openDetails } from './server-setup';

const session = freshExtensionPerTest();
let model: ScriptedOpenAI;
let everything: ServerEverything;
let page: Page;
let serverId: string;
/** A page a URL elicitation points at, recording that it was opened. */
let connectPage: Server;
let connectUrl: string;
const connectVisits: string[] = [];

const request = <T>(type: string, payload?: unknown) =>
  requestFrom<T>(session, page, type, payload);

const composer = () => page.getByRole('combobox', { name: 'Message' });

async function newChat() {
  await page.getByRole('button', { name: 'New chat', exact: true }).click();
}

async function send(text: string) {
  await composer().fill(text);
  await page.getByRole('button', { name: 'Send' }).click();
}

/** The model calls `tool`; the person approves the call. */
async function approveCallOf(tool: string) {
  const card = page.locator(`.tool-card[data-tool-name="${tool}"]`).last();
  await card.getByRole('button', { name: 'Approve' }).click();
  return card;
}

/** The badge on Patchbay's toolbar button. */
const badgeText = () =>
  page.evaluate(() =>
    (
      globalThis as unknown as {
        chrome: { action: { getBadgeText(details: object): Promise<string> } };
      }
    ).chrome.action.getBadgeText({}),
  );

/** The requests the model got, as text, for asserting on what it read. */
const lastModelRequest = () => JSON.stringify(model.requests.at(-1)?.body ?? {});

/** The reference server runs as a process of its own: one for the file, a new browser each test. */
beforeAll(async () => {
  connectPage = createServer((incoming, outgoing) => {
    connectVisits.push(incoming.url ?? '');
    outgoing.writeHead(200, { 'content-type': 'text/html' }).end('<p>Connected.</p>');
  });
  await new Promise<void>((resolve) => connectPage.listen(0, '127.0.0.1', resolve));
  connectUrl = `http://127.0.0.1:${(connectPage.address() as AddressInfo).port}/connect`;
  everything = await startServerEverything('streamableHttp');
});

afterAll(async () => {
  await everything?.close();
  await new Promise((resolve) => connectPage?.close(resolve));
});

/** Every test: its own model, and the chat set up with the reference server switched on. */
beforeEach(async () => {
  connectVisits.length = 0;
  model = closeAfterTest(await startScriptedOpenAI());
  page = await session.openSidePanel();
  serverId = await chatWithServer(session, page, {
    modelBaseUrl: model.baseUrl,
    serverName: 'Everything',
    serverUrl: everything.url,
  });
});

describe('what a server asks of the person', () => {
  it('shows a form mid-call, validates it, and sends the answer with its defaults', async () => {
    await newChat();
    model.script(
      { type: 'tool-call', toolName: `${serverId}__trigger-elicitation-request`, input: {} },
      { type: 'text', text: 'Thanks, your details are in.' },
    );
    await send('Fill in my profile');
    await approveCallOf('trigger-elicitation-request');
    const form = page.getByRole('group', { name: 'Everything asks for information' });
    await form.waitFor();
    // The toolbar button says a server waits, for when the panel is closed.
    await expect.poll(() => badgeText()).toBe('1');
    // Defaults are filled in as the server gave them (SEP-1034).
    await expect(form.getByLabel(/String with default/).inputValue()).resolves.toBe(
      'It was a dark and stormy night.',
    );
    await form.getByLabel(/^String with email format/).fill('not an email');
    await form.getByRole('button', { name: 'Accept and send to Everything' }).click();
    await form
      .getByText(/email address/i)
      .first()
      .waitFor();
    await form.getByLabel(/^String with email format/).fill('ada@example.com');
    await form.getByLabel(/^String\b(?! with)/).fill('Ada Lovelace');
    await session.screenshot(page, 'ask-form');
    await form.getByRole('button', { name: 'Accept and send to Everything' }).click();
    await page.getByText('Thanks, your details are in.').waitFor();
    await expect.poll(() => badgeText()).toBe('');
    const card = page.locator('.tool-card[data-tool-name="trigger-elicitation-request"]').last();
    await card.getByText(/^Result/).click();
    await card
      .getByText(/Ada Lovelace/)
      .first()
      .waitFor();
    await expect(card.textContent()).resolves.toContain('It was a dark and stormy night.');
  });

  it('tells the server when the person declines a form', async () => {
    await newChat();
    model.script(
      { type: 'tool-call', toolName: `${serverId}__trigger-elicitation-request`, input: {} },
      { type: 'text', text: 'Understood, nothing was shared.' },
    );
    await send('Fill in my profile again');
    await approveCallOf('trigger-elicitation-request');
    const form = page.getByRole('group', { name: 'Everything asks for information' });
    await form.getByRole('button', { name: "Decline Everything's request" }).click();
    await page.getByText('Understood, nothing was shared.').waitFor();
    await expect(form.count()).resolves.toBe(0);
    expect(lastModelRequest()).toMatch(/declin/i);
  });

  it('opens the page a server asks for only after the person agrees', async () => {
    await newChat();
    model.script(
      {
        type: 'tool-call',
        toolName: `${serverId}__trigger-url-elicitation`,
        input: { url: connectUrl, message: 'Connect your calendar account.' },
      },
      { type: 'text', text: 'Your calendar is connected.' },
    );
    await send('Connect my calendar');
    await approveCallOf('trigger-url-elicitation');
    const ask = page.getByRole('group', { name: 'Everything asks you to open a page' });
    await ask.getByText('Connect your calendar account.').waitFor();
    const host = new URL(connectUrl).host;
    await ask.getByText(host, { exact: true }).waitFor();
    expect(connectVisits).toEqual([]);
    await session.screenshot(page, 'ask-url');
    const opened = session.context.waitForEvent('page');
    await ask.getByRole('button', { name: `Open ${host}` }).click();
    const tab = await opened;
    await tab.waitForURL(connectUrl);
    expect(connectVisits[0]).toBe('/connect');
    await tab.close();
    await page.getByText('Your calendar is connected.').waitFor();
    // The card follows the page until the server says it is done; the person may stop that.
    await ask.getByText(/Waiting for Everything to confirm/).waitFor();
    await ask.getByRole('button', { name: "Cancel Everything's request" }).click();
    await ask.waitFor({ state: 'detached' });
  });

  it('runs a sampling request on the model only after the person allows, runs and sends it', async () => {
    await newChat();
    model.script(
      {
        type: 'tool-call',
        toolName: `${serverId}__trigger-sampling-request`,
        input: { prompt: 'Write a haiku about tides', maxTokens: 60 },
      },
      { type: 'text', text: 'Moon pulls the water' },
      { type: 'text', text: 'The server got your haiku.' },
    );
    await send('Ask the server for a haiku');
    await approveCallOf('trigger-sampling-request');
    const ask = page.getByRole('group', { name: 'Everything asks to use your model' });
    await ask.getByText(/Sampling is off for Everything/).waitFor();
    const before = model.requests.length;
    await ask.getByRole('button', { name: 'Allow Everything to ask' }).click();
    await ask.getByRole('button', { name: 'Run on scripted-model' }).click();
    await ask.getByRole('textbox', { name: /answer/i }).waitFor();
    // Exactly one model request ran the server's prompt, with nothing of the chat in it.
    expect(model.requests.length).toBe(before + 1);
    const sampled = JSON.stringify(model.requests.at(-1)?.body);
    expect(sampled).toContain('Write a haiku about tides');
    expect(sampled).not.toContain('Ask the server for a haiku');
    await expect(ask.getByRole('textbox', { name: /answer/i }).inputValue()).resolves.toBe(
      'Moon pulls the water',
    );
    await session.screenshot(page, 'ask-sampling');
    await ask.getByRole('button', { name: 'Send to Everything' }).click();
    await page.getByText('The server got your haiku.').waitFor();
    expect(lastModelRequest()).toContain('Moon pulls the water');
  });

  it('tells the server when the person refuses a sampling request', async () => {
    await newChat();
    model.script(
      {
        type: 'tool-call',
        toolName: `${serverId}__trigger-sampling-request`,
        input: { prompt: 'Say something', maxTokens: 20 },
      },
      { type: 'text', text: 'The server did not get an answer.' },
    );
    await send('Ask the server for something');
    await approveCallOf('trigger-sampling-request');
    const ask = page.getByRole('group', { name: 'Everything asks to use your model' });
    const before = model.requests.length;
    await ask.getByRole('button', { name: "Refuse Everything's request" }).click();
    await page.getByText('The server did not get an answer.').waitFor();
    // The refusal ran nothing on the model: the one request after it is the chat's own.
    expect(model.requests.length).toBe(before + 1);
    expect(lastModelRequest()).toMatch(/rejected/i);
  });
});

describe('resources and prompts in the composer', () => {
  it('attaches a resource with "@" and the model reads it', async () => {
    await newChat();
    await composer().fill('Summarize @instr');
    const option = page.getByRole('option', { name: /instructions/i }).first();
    await option.waitFor();
    await composer().press('Enter');
    const chip = page.getByRole('button', { name: /Remove .*instructions/i });
    await chip.waitFor();
    await expect(composer().inputValue()).resolves.toBe('Summarize ');
    await session.screenshot(page, 'composer-attach');
    model.script({ type: 'text', text: 'It explains the reference server.' });
    await page.getByRole('button', { name: 'Send' }).click();
    await page.getByText('It explains the reference server.').waitFor();
    expect(lastModelRequest()).toMatch(
      /<resource uri=\\"demo:\/\/resource\/static\/document\/instructions/,
    );
    await page.getByRole('list', { name: 'Attached resources' }).getByRole('button').click();
    const dialog = page.getByRole('dialog');
    await dialog
      .getByText(/demo:\/\/resource\/static\/document\/instructions/)
      .first()
      .waitFor();
    await dialog.getByRole('button', { name: 'Close' }).click();
  });

  it('runs a prompt with "/" after completing its arguments', async () => {
    await newChat();
    await composer().fill('/complet');
    await page.getByRole('option', { name: /completable-prompt/ }).waitFor();
    await composer().press('Enter');
    // The field, not its suggestions' list (labelled after it, and open once suggestions came).
    const department = page.getByRole('combobox', { name: /department/i });
    await department.fill('E');
    await page.getByRole('option', { name: 'Engineering' }).click();
    await expect(department.inputValue()).resolves.toBe('Engineering');
    const name = page.getByRole('combobox', { name: /^name/i });
    await name.fill('A');
    await page.getByRole('option', { name: 'Alice' }).click();
    await session.screenshot(page, 'composer-prompt');
    model.script({ type: 'text', text: 'Alice now leads Engineering.' });
    await page.getByRole('button', { name: 'Run' }).click();
    await page.getByText('Alice now leads Engineering.').waitFor();
    expect(lastModelRequest()).toContain(
      'Please promote Alice to the head of the Engineering team.',
    );
  });

  it('opens a resource link from a tool result', async () => {
    await newChat();
    model.script(
      { type: 'tool-call', toolName: `${serverId}__get-resource-links`, input: { count: 2 } },
      { type: 'text', text: 'Here are two resources.' },
    );
    await send('Give me two resources');
    const card = await approveCallOf('get-resource-links');
    await page.getByText('Here are two resources.').waitFor();
    await card.getByText(/^Result/).click();
    await card.locator('.resource-link button, button.resource-link').first().click();
    const dialog = page.getByRole('dialog');
    await dialog
      .getByText(/demo:\/\/resource\/dynamic/)
      .first()
      .waitFor();
    await session.screenshot(page, 'chat-resource-link');
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(dialog.count()).resolves.toBe(0);
  });
});

describe('a server’s details', () => {
  it('shows its instructions, resources and prompts, and switches sampling', async () => {
    await page.getByRole('tab', { name: 'Servers' }).click();
    const card = page.locator(`li.server[data-server-id="${serverId}"]`);
    await openDetails(card);
    const sampling = card.getByRole('switch', {
      name: 'Let Everything ask your model to write text',
    });
    await request(`mcp/${serverId}/sampling/set`, { enabled: true });
    // The switch shows what the background holds and turns it off again.
    await expect.poll(() => sampling.isChecked()).toBe(true);
    // A controlled switch: it shows the new state once the background has stored it.
    await sampling.click();
    await expect.poll(() => sampling.isChecked()).toBe(false);
    await expect
      .poll(() =>
        request<{ servers: { id: string; samplingEnabled?: boolean }[] }>('mcp/servers/get').then(
          ({ servers }) => servers.find((server) => server.id === serverId)?.samplingEnabled,
        ),
      )
      .toBeUndefined();
    await card.getByText('Instructions for the model').click();
    await card.getByText(/Patchbay adds these to the model/).waitFor();
    await card.getByText('Instructions for the model').click();
    await card.getByText('Resources', { exact: true }).click();
    await card.getByText('Dynamic Text Resource').waitFor();
    await card.getByText('Prompts', { exact: true }).click();
    await card.getByText('/completable-prompt').waitFor();
    await card.locator('.server-details').evaluate((element) => {
      element.scrollIntoView({ block: 'start' });
      window.scrollBy(0, -48); // below the sticky tabs
    });
    mkdirSync(SCREENSHOT_DIR, { recursive: true });
    await page.screenshot({ path: join(SCREENSHOT_DIR, 'servers-details.png') });
    // A resource opens in place, its Markdown rendered.
    await card
      .getByText(/instructions\.md/)
      .first()
      .click();
    await card
      .getByRole('heading', { name: /Everything Server/ })
      .first()
      .waitFor();
    await page.getByRole('tab', { name: 'Chat' }).click();
  });
});
