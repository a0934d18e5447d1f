import 'fake-indexeddb/auto';
import type { UIMessage } from 'ai';
import { describe, expect, it } from 'vitest';
import { chatToMarkdown, chatsToJson, fileNameFor } from '../../src/chat/chat-export';
import { previewImport } from '../../src/chat/chat-import';
import { createIndexedDbConversationStore, type Conversation } from '../../src/chat/history';

const answer: UIMessage = {
  id: 'a',
  role: 'assistant',
  metadata: { model: 'm' },
  parts: [
    { type: 'step-start' },
    {
      type: 'reasoning',
      text: 'hm',
      state: 'done',
      providerMetadata: { openai: { itemId: 'rs' } },
    },
    {
      type: 'dynamic-tool',
      toolName: 's__echo',
      toolCallId: 'c1',
      state: 'output-available',
      input: { text: 'with ``` fence' },
      output: { content: [{ type: 'text', text: 'echoed' }] },
      callProviderMetadata: { openai: { itemId: 'fc' } },
    },
    {
      type: 'dynamic-tool',
      toolName: 's__fail',
      toolCallId: 'c2',
      state: 'output-error',
      input: {},
      errorText: 'Failed: quota',
    },
    { type: 'text', text: 'Done **well**.', state: 'done' },
  ],
};

const chat: Conversation = {
  id: 'chat-1',
  title: 'Echo: test',
  createdAt: 1,
  updatedAt: 2,
  messages: [{ id: 'q', role: 'user', parts: [{ type: 'text', text: 'Echo please' }] }, answer],
};

let ids = 0;
const newId = () => `new-${(ids += 1)}`;

describe('exporting and importing chats', () => {
  it('round-trips a chat through JSON without losing anything, into a store', async () => {
    const preview = previewImport(chatsToJson([chat]), new Set(), newId);
    expect(preview).toEqual({ ok: true, entries: [{ ok: true, chat }] });
    const store = createIndexedDbConversationStore('chat-transfer-1');
    if (preview.ok && preview.entries[0]?.ok) await store.save(preview.entries[0].chat);
    expect(await store.get('chat-1')).toMatchObject(chat);
  });

  it('gives a taken id a new one, within the file too, and never overwrites', () => {
    const file = chatsToJson([chat, { ...chat, title: 'Twin' }]);
    const fresh = ['chat-1', 'fresh-1', 'fresh-1', 'fresh-2'];
    const preview = previewImport(file, new Set(['chat-1']), () => fresh.shift()!);
    const entries = preview.ok ? preview.entries : [];
    expect(entries.map((entry) => entry.ok && [entry.chat.id, entry.renamedFrom])).toEqual([
      ['fresh-1', 'chat-1'],
      ['fresh-2', 'chat-1'],
    ]);
  });

  it('reports each bad entry with why, and keeps the good ones', () => {
    const file = JSON.stringify({
      format: 'patchbay-chats',
      version: 1,
      chats: [
        chat,
        { ...chat, id: 'two', title: 'Broken', messages: [{ id: 'x', role: 'robot', parts: [] }] },
        'not a chat',
      ],
    });
    const preview = previewImport(file, new Set(), newId);
    expect(preview).toEqual({
      ok: true,
      entries: [
        { ok: true, chat },
        {
          ok: false,
          index: 1,
          title: 'Broken',
          error: expect.stringMatching(/^messages\.0\.role: /),
        },
        { ok: false, index: 2, error: expect.stringMatching(/^chat: /) },
      ],
    });
  });

  it('refuses a file that is not JSON or not a Patchbay chat file', () => {
    expect(previewImport('{', new Set())).toEqual({ ok: false, error: 'This file is not JSON.' });
    expect(previewImport('{"mcpServers":{}}', new Set())).toMatchObject({
      ok: false,
      error: expect.stringMatching(/not a Patchbay chat file/),
    });
  });

  it('gives repeated message ids a suffix so no message replaces another', () => {
    const twice = { ...chat, messages: [chat.messages[0]!, { ...chat.messages[0]! }] };
    const preview = previewImport(chatsToJson([twice]), new Set(), newId);
    const entry = preview.ok ? preview.entries[0] : undefined;
    expect(entry?.ok && entry.chat.messages.map(({ id }) => id)).toEqual(['q', 'q~1']);
  });

  it('writes Markdown with the words, each call and its outcome, in fences that hold', () => {
    const markdown = chatToMarkdown(chat);
    expect(markdown).toContain('# Echo: test\n');
    expect(markdown).toContain('## You\n\nEcho please\n');
    expect(markdown).toContain('## Patchbay\n');
    expect(markdown).toContain('**Tool call** `s__echo` (output-available)');
    expect(markdown).toContain('````json\n{\n  "text": "with ``` fence"\n}\n````');
    expect(markdown).toContain('Error: Failed: quota');
    expect(markdown).toContain('Done **well**.');
    expect(markdown).not.toContain('hm');
    expect(fileNameFor('Echo: test / 2', 'md')).toBe('Echo-test-2.md');
    expect(fileNameFor('???', 'json')).toBe('chat.json');
  });
});
