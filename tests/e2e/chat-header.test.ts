/**
 * The chat's header and first minute, in Chromium at side-panel size (420 × 900): the model
 * shown and switched per chat (the next request names it; the chat keeps it; new chats start
 * with it), the tools control's counts and switches, images pasted into the composer and sent
 * as image parts, and the empty chat's suggestions. The model is the scripted provider server;
 * the MCP server is real.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { startFixtureServer, type FixtureServer } from '../fixtures/mcp-fixture-server';
import { startScriptedAnthropic } from '../fixtures/scripted-anthropic';
import { startScriptedGemini } from '../fixtures/scripted-gemini';
import { startScriptedOpenAI, type ScriptedOpenAI } from '../fixtures/scripted-openai';
import { chatWithServer, chooseScriptedModel, saveModelSettings } from './chat-setup';
import { storedAnswer } from './chat-storage';
import { closeAfterTest, freshExtensionPerTest, requestFrom } from './harness';
import { serverCard, serverSwitch } from './server-setup';

const session = freshExtensionPerTest();
let model: ScriptedOpenAI;
let fixture: FixtureServer;
let page: Page;

/** A 1 × 1 PNG. */
const PNG_BASE64 =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';

beforeEach(async () => {
  [model, fixture] = await Promise.all([
    startScriptedOpenAI().then(closeAfterTest),
    startFixtureServer().then(closeAfterTest),
  ]);
  page = await session.openSidePanel();
  await page.setViewportSize({ width: 420, height: 900 });
});

const modelButton = () => page.getByRole('button', { name: /^Model: / });
const toolsButton = () => page.getByRole('button', { name: /^Tools: / });
/** The tools control once it says `summary` ("7 tools · 1 server"). */
const toolsSaying = (summary: string) =>
  page.getByRole('button', { name: `Tools: ${summary}. Switch servers on or off` });

async function send(text: string) {
  await page.getByRole('combobox', { name: 'Message' }).fill(text);
  await page.getByRole('button', { name: 'Send' }).click();
}

/** Makes `settings` the only model set up, and reloads the panel to use them. */
async function setOnlyModel(settings: Record<string, unknown>) {
  await saveModelSettings(page, settings);
  await page.reload();
}

async function chooseModel(name: string) {
  await modelButton().click();
  // Choosing closes the list.
  await page.getByRole('radio', { name }).click();
  await page
    .getByRole('button', { name: `Model: ${name}. Change the model for this chat` })
    .waitFor();
}

/** Dispatches a paste of `files` (name, type, bytes as base64 or a size of filler) in the composer. */
async function paste(files: { name: string; type: string; base64?: string; size?: number }[]) {
  await page.getByRole('combobox', { name: 'Message' }).evaluate((textarea, list) => {
    const transfer = new DataTransfer();
    for (const file of list) {
      const bytes = file.base64
        ? Uint8Array.from(atob(file.base64), (char) => char.charCodeAt(0))
        : new Uint8Array(file.size ?? 0);
      // A large "PNG" with a real signature: only its size is wrong.
      if (!file.base64) bytes.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
      transfer.items.add(new File([bytes], file.name, { type: file.type }));
    }
    textarea.dispatchEvent(
      new ClipboardEvent('paste', { clipboardData: transfer, bubbles: true, cancelable: true }),
    );
  }, files);
}

describe('the model in the chat header', () => {
  it('switches the model for this chat, keeps it with the chat, and makes it the default for new chats', async () => {
    await chatWithServer(session, page, {
      modelBaseUrl: model.baseUrl,
      serverName: 'Fixture',
      serverUrl: fixture.mcpUrl,
    });
    await expect(modelButton().textContent()).resolves.toContain('scripted-model');

    await modelButton().click();
    await page.getByRole('radio', { name: 'scripted-mini' }).waitFor();
    await session.screenshot(page, 'chat-header-model-list');
    await modelButton().click();
    await chooseModel('scripted-mini');
    await session.screenshot(page, 'chat-header-model');
    model.script({ type: 'text', text: 'Answered by the mini model.' });
    await send('Which model are you?');
    await page.getByText('Answered by the mini model.').waitFor();
    expect((model.requests.at(-1)?.body as { model?: string }).model).toBe('scripted-mini');
    await page
      .locator('.conversation-switch-title', { hasText: /Which model are you\?/ })
      .waitFor();

    // A new chat starts with the model chosen last; choosing another there leaves the first
    // chat's model alone.
    await page.getByRole('button', { name: 'New chat', exact: true }).click();
    await expect(modelButton().textContent()).resolves.toContain('scripted-mini');
    await chooseModel('scripted-model');
    model.script({ type: 'text', text: 'Answered by the full model.' });
    await send('And now?');
    await page.getByText('Answered by the full model.').waitFor();
    expect((model.requests.at(-1)?.body as { model?: string }).model).toBe('scripted-model');

    // The first chat, reopened after the panel reloads, runs with its own model again. (The
    // chat takes its title once saved, after the answer shows.)
    await page.locator('.conversation-switch-title', { hasText: /And now\?/ }).waitFor();
    await page.reload();
    await page.getByText('Answered by the full model.').waitFor();
    await page.getByRole('button', { name: 'Chats', exact: true }).click();
    await page
      .getByRole('region', { name: 'Chats' })
      .getByRole('button', { name: 'Which model are you?', exact: true })
      .click();
    await page.getByText('Answered by the mini model.').waitFor();
    await expect(modelButton().textContent()).resolves.toContain('scripted-mini');
    model.script({ type: 'text', text: 'Still the mini model.' });
    await send('Still you?');
    await page.getByText('Still the mini model.').waitFor();
    expect((model.requests.at(-1)?.body as { model?: string }).model).toBe('scripted-mini');
  });

  it('switches to another provider set up, whose server gets the next request with its own key', async () => {
    const anthropic = closeAfterTest(await startScriptedAnthropic());
    anthropic.requiredApiKey = 'sk-ant-e2e';
    await page.evaluate(
      (providers) =>
        (
          globalThis as unknown as {
            chrome: { storage: { local: { set(items: unknown): Promise<void> } } };
          }
        ).chrome.storage.local.set({ 'chat.models': { active: 'compatible', providers } }),
      {
        compatible: { provider: 'compatible', baseUrl: model.baseUrl, model: 'scripted-model' },
        anthropic: {
          provider: 'anthropic',
          apiKey: 'sk-ant-e2e',
          baseUrl: anthropic.baseUrl,
          model: 'claude-scripted',
        },
      },
    );
    await page.reload();
    await expect(modelButton().textContent()).resolves.toContain(
      'scripted-model · OpenAI-compatible',
    );
    await modelButton().click();
    const group = page.getByRole('group', { name: 'Anthropic' });
    await group.getByRole('radio', { name: 'claude-scripted-mini' }).click();
    await page
      .getByRole('button', {
        name: 'Model: claude-scripted-mini · Anthropic. Change the model for this chat',
      })
      .waitFor();
    anthropic.script({ type: 'text', text: 'Claude here.' });
    await send('Who answers?');
    await page.getByText('Claude here.').waitFor();
    const sent = anthropic.requests.filter((request) => request.path.endsWith('/messages'));
    expect((sent.at(-1)?.body as { model?: string }).model).toBe('claude-scripted-mini');
    expect(model.requests.filter((request) => request.api !== 'models')).toEqual([]);
  });

  it('refuses an image for a model not known to take images, saying what to do', async () => {
    await chooseScriptedModel(page, model.baseUrl);
    await page.reload();
    await paste([{ name: 'dot.png', type: 'image/png', base64: PNG_BASE64 }]);
    await page
      .getByRole('alert')
      .getByText('scripted-model does not take images. Choose a model that does', { exact: false })
      .waitFor();
    await expect(
      page.getByRole('list', { name: 'Images for your next message' }).count(),
    ).resolves.toBe(0);
  });
});

describe('the tools control', () => {
  it('counts the tools and servers, and a server switched off there is not offered next', async () => {
    const serverId = await chatWithServer(session, page, {
      modelBaseUrl: model.baseUrl,
      serverName: 'Fixture',
      serverUrl: fixture.mcpUrl,
    });
    const { tools } = await requestFrom<{ tools: { serverId: string }[] }>(
      session,
      page,
      'mcp/tools/list',
    );
    expect(tools.length).toBeGreaterThan(1);
    await toolsSaying(`${tools.length} tools · 1 server`).waitFor();

    model.script({ type: 'text', text: 'I have the fixture tools.' });
    await send('What tools do you have?');
    await page.getByText('I have the fixture tools.').waitFor();
    expect(model.requests.at(-1)?.toolNames.some((name) => name.startsWith(`${serverId}__`))).toBe(
      true,
    );

    await toolsButton().click();
    const list = page.getByRole('list', { name: 'Servers the chat can use' });
    await list.getByText(`${tools.length} tools`).waitFor();
    await session.screenshot(page, 'chat-header-tools');
    await list.getByRole('switch', { name: 'Use Fixture' }).click();
    await toolsSaying('No tools').waitFor();
    await expect(list.getByRole('switch', { name: 'Use Fixture' }).isChecked()).resolves.toBe(
      false,
    );
    await page.keyboard.press('Escape');

    model.script({ type: 'text', text: 'No tools now.' });
    await send('And now?');
    await page.getByText('No tools now.').waitFor();
    expect(model.requests.at(-1)?.toolNames).toEqual([]);
  });
});

describe('images in the composer', () => {
  it('shows a pasted PNG as a chip and sends it to OpenAI as an input image, kept in history', async () => {
    model.models = ['gpt-4o', 'gpt-3.5-turbo'];
    await setOnlyModel({
      provider: 'openai',
      apiKey: 'sk-e2e',
      baseUrl: model.baseUrl,
      model: 'gpt-4o',
    });

    await paste([{ name: 'dot.png', type: 'image/png', base64: PNG_BASE64 }]);
    const chips = page.getByRole('list', { name: 'Images for your next message' });
    await chips.getByText('dot.png').waitFor();
    await session.screenshot(page, 'composer-image-chip');

    // Wrong types and sizes are refused with a sentence each; the chip already there stays.
    await paste([
      { name: 'anim.gif', type: 'image/gif', base64: 'R0lGODlhAQABAAAAACw=' },
      { name: 'huge.png', type: 'image/png', size: 6 * 1024 * 1024 },
    ]);
    const alert = page.locator('.image-error');
    await alert
      .getByText('anim.gif is of type image/gif. Attach a PNG, JPEG or WebP image.', {
        exact: false,
      })
      .waitFor();
    await expect(alert.textContent()).resolves.toContain(
      'huge.png is 6.0 MB; images can be at most 5 MB. Attach a smaller one.',
    );
    await session.screenshot(page, 'composer-image-errors');
    await expect(chips.getByRole('listitem').count()).resolves.toBe(1);

    // A dropped image joins it.
    await page.locator('form.composer').evaluate((form, base64) => {
      const transfer = new DataTransfer();
      const bytes = Uint8Array.from(atob(base64), (char) => char.charCodeAt(0));
      transfer.items.add(new File([bytes], 'dropped.png', { type: 'image/png' }));
      form.dispatchEvent(
        new DragEvent('drop', { dataTransfer: transfer, bubbles: true, cancelable: true }),
      );
    }, PNG_BASE64);
    await chips.getByText('dropped.png').waitFor();
    await chips.getByRole('button', { name: 'Remove dropped.png' }).click();
    await chips.getByText('dropped.png').waitFor({ state: 'detached' });

    model.script({ type: 'text', text: 'A single dot.' });
    await send('What is in this image?');
    await page.getByText('A single dot.').waitFor();
    await expect(chips.count()).resolves.toBe(0);

    const body = model.requests.at(-1)?.body as {
      input: { role: string; content: { type: string; image_url?: string; text?: string }[] }[];
    };
    const question = body.input.find((item) => item.role === 'user');
    expect(question?.content).toContainEqual(
      expect.objectContaining({
        type: 'input_image',
        image_url: `data:image/png;base64,${PNG_BASE64}`,
      }),
    );
    expect(question?.content).toContainEqual(
      expect.objectContaining({ type: 'input_text', text: 'What is in this image?' }),
    );
    // The removed one stayed behind.
    expect(question?.content.filter((part) => part.type === 'input_image')).toHaveLength(1);

    // Stored with the message: shown again, from its data: URL, after the panel reloads.
    await storedAnswer(page, 'A single dot.');
    await page.reload();
    await page.getByText('A single dot.').waitFor();
    await expect(page.locator('.message-user img.message-image').getAttribute('src')).resolves.toBe(
      `data:image/png;base64,${PNG_BASE64}`,
    );
  });

  it('sends a pasted image to Anthropic as a base64 image block', async () => {
    const anthropic = closeAfterTest(await startScriptedAnthropic());
    await setOnlyModel({
      provider: 'anthropic',
      apiKey: 'sk-ant-e2e',
      baseUrl: anthropic.baseUrl,
      model: 'claude-sonnet-4-5',
    });
    await paste([{ name: 'dot.png', type: 'image/png', base64: PNG_BASE64 }]);
    await page
      .getByRole('list', { name: 'Images for your next message' })
      .getByText('dot.png')
      .waitFor();
    anthropic.script({ type: 'text', text: 'A dot, again.' });
    await send('And this one?');
    await page.getByText('A dot, again.').waitFor();
    const sent = anthropic.requests.filter((request) => request.path.endsWith('/messages')).at(-1);
    const messages = (sent?.body as { messages: { role: string; content: unknown[] }[] }).messages;
    expect(messages.at(-1)?.content).toContainEqual({
      type: 'image',
      source: { type: 'base64', media_type: 'image/png', data: PNG_BASE64 },
    });
  });
  it('sends an image with no text to Gemini as inline data, and names the chat after it', async () => {
    const gemini = closeAfterTest(await startScriptedGemini());
    await setOnlyModel({
      provider: 'google',
      apiKey: 'AIza-e2e',
      baseUrl: gemini.baseUrl,
      model: 'gemini-2.5-flash',
    });
    const sendButton = page.getByRole('button', { name: 'Send' });
    await expect(sendButton.isDisabled()).resolves.toBe(true);
    await paste([{ name: 'dot.png', type: 'image/png', base64: PNG_BASE64 }]);
    await page
      .getByRole('list', { name: 'Images for your next message' })
      .getByText('dot.png')
      .waitFor();
    await expect(sendButton.isEnabled()).resolves.toBe(true);
    gemini.script({ type: 'text', text: 'A single dot.' });
    await page.getByRole('combobox', { name: 'Message' }).press('Enter');
    await page.getByText('A single dot.').waitFor();

    const sent = gemini.requests.filter((request) => request.method === 'POST').at(-1);
    const contents = (sent?.body as { contents: { role: string; parts: unknown[] }[] }).contents;
    expect(contents.at(-1)).toEqual({
      role: 'user',
      parts: [{ inlineData: { mimeType: 'image/png', data: PNG_BASE64 } }],
    });
    // The image is in the person's bubble, beside its Edit: no empty bubble above it.
    const bubble = page.locator('.message-user .user-bubble');
    await expect(bubble.locator('img.message-image').count()).resolves.toBe(1);
    await expect(bubble.locator('> p').count()).resolves.toBe(0);
    await expect(page.locator('.message-user > img').count()).resolves.toBe(0);
    await page.locator('.conversation-switch-title', { hasText: 'dot.png' }).waitFor();
    await session.screenshot(page, 'chat-image-only');

    // Edit adds words to it, and the image goes again with them.
    await bubble.getByRole('button', { name: 'Edit' }).click();
    await expect(page.locator('.message-user img.message-image').count()).resolves.toBe(1);
    gemini.script({ type: 'text', text: 'Still a single dot.' });
    await page.getByRole('textbox', { name: 'Edit message' }).fill('What is this?');
    await page.locator('.edit-message').getByRole('button', { name: 'Send' }).click();
    await page.getByText('Still a single dot.').waitFor();
    const edited = gemini.requests.filter((request) => request.method === 'POST').at(-1);
    const editedContents = (edited?.body as { contents: { role: string; parts: unknown[] }[] })
      .contents;
    expect(editedContents).toHaveLength(1);
    expect(editedContents[0]).toEqual({
      role: 'user',
      parts: [
        { text: 'What is this?' },
        { inlineData: { mimeType: 'image/png', data: PNG_BASE64 } },
      ],
    });
    await expect(bubble.getByText('What is this?').isVisible()).resolves.toBe(true);
  });
});

describe('the first minute', () => {
  it('suggests two servers that need no account and three questions, then from the server switched on, until there is a message', async () => {
    await chooseScriptedModel(page, model.baseUrl);
    await page.reload();
    const servers = page.getByRole('region', { name: 'Suggested servers' });
    await servers.getByText('DeepWiki').waitFor();
    await servers.getByText('Context7').waitFor();
    const questions = page.getByRole('region', { name: 'Example questions' }).getByRole('button');
    await expect(questions.count()).resolves.toBe(3);
    await session.screenshot(page, 'chat-first-minute');

    await servers.getByRole('button', { name: 'Enable DeepWiki' }).click();
    // With a server on, the chat suggests from it instead: no catalog server, no question
    // about React. DeepWiki cannot connect from here, so it has no tools to suggest from yet.
    await servers.waitFor({ state: 'detached' });
    await expect(questions.allTextContents()).resolves.toEqual([
      'What can you help me with, and which tools do you have?',
    ]);

    const question = (await questions.first().textContent()) ?? '';
    await questions.first().click();
    await expect(page.getByRole('combobox', { name: 'Message' }).inputValue()).resolves.toBe(
      question,
    );
    // Nothing is sent until the person sends it.
    expect(model.requests.filter((request) => request.api !== 'models')).toEqual([]);
    model.script({ type: 'text', text: 'Here is what I can do.' });
    await page.getByRole('button', { name: 'Send' }).click();
    await page.getByText('Here is what I can do.').waitFor();
    await expect(page.getByRole('region', { name: 'Example questions' }).count()).resolves.toBe(0);

    await page.getByRole('tab', { name: 'Servers' }).click();
    await expect(
      (await serverSwitch(serverCard(page, 'DeepWiki'), 'DeepWiki')).isChecked(),
    ).resolves.toBe(true);
  });
});
