import { describe, expect, it } from 'vitest';
import { createChatBrowserTools } from '../../../src/browser-access/chat-browser-tools';
import { createBrowserTools } from '../../../src/browser-tools/browser-tools';
import { createMemoryStore } from '../../../src/platform/memory';
import { stubBrowserControl } from '../../helpers/browser-access-harness';

describe('the chat’s look at tabs for its approvals', () => {
  it('gives a tab’s URL (the active one without an id) only while “Use this browser” is on', async () => {
    const control = stubBrowserControl();
    await control.openTab('https://shop.example/cart', false);
    let inChat = false;
    const chat = createChatBrowserTools(
      createBrowserTools(control),
      async () => inChat,
      createMemoryStore(),
    );
    await expect(chat.chatTabUrl(undefined)).resolves.toBeUndefined();
    inChat = true;
    await expect(chat.chatTabUrl(undefined)).resolves.toBe('https://example.com/');
    await expect(chat.chatTabUrl(2)).resolves.toBe('https://shop.example/cart');
    await expect(chat.chatTabUrl(99)).resolves.toBeUndefined();
  });
});
