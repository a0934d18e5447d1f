import 'fake-indexeddb/auto';
import type { UIMessage } from 'ai';
import { openDB } from 'idb';
import { describe, expect, it } from 'vitest';
import { createIndexedDbConversationStore, type Conversation } from '../../../src/chat/history';

let databases = 0;
const freshName = () => `patchbay-test-${(databases += 1)}`;

function conversation(id: string, updatedAt: number, messages = 3): Conversation {
  return {
    id,
    title: `Chat ${id}`,
    createdAt: 1,
    updatedAt,
    messages: Array.from({ length: messages }, (_, index): UIMessage => ({
      id: `${id}-${index}`,
      role: index % 2 ? 'assistant' : 'user',
      parts: [{ type: 'text', text: `message ${index}` }],
    })),
  };
}

const user = (id: string, text: string): UIMessage => ({
  id,
  role: 'user',
  parts: [{ type: 'text', text }],
});

/** An answer with everything a later request replays: reasoning, provider metadata, a call. */
const richAnswer: UIMessage = {
  id: 'answer',
  role: 'assistant',
  metadata: { model: 'scripted-model' },
  parts: [
    { type: 'step-start' },
    {
      type: 'reasoning',
      text: 'The person wants the weather.',
      state: 'done',
      providerMetadata: { openai: { itemId: 'rs_1', reasoningEncryptedContent: 'opaque' } },
    },
    {
      type: 'dynamic-tool',
      toolName: 's1__get_weather',
      toolCallId: 'call_1',
      state: 'output-available',
      input: { city: 'Oslo' },
      output: { content: [{ type: 'text', text: '21 °C' }] },
      callProviderMetadata: { openai: { itemId: 'fc_1' } },
      approval: { id: 'approval-1', approved: true },
    },
    { type: 'text', text: 'It is 21 °C.', state: 'done', providerMetadata: { openai: { x: 1 } } },
  ],
};

/** Layout 1 (conversations only) or 2 (with summaries), written as those versions wrote them. */
async function writeLegacyDatabase(name: string, layout: 1 | 2, chats: Conversation[]) {
  const old = await openDB(name, layout, {
    upgrade(upgrading) {
      upgrading
        .createObjectStore('conversations', { keyPath: 'id' })
        .createIndex('updatedAt', 'updatedAt');
      if (layout === 2)
        upgrading
          .createObjectStore('summaries', { keyPath: 'id' })
          .createIndex('updatedAt', 'updatedAt');
    },
  });
  for (const chat of chats) {
    await old.put('conversations', chat);
    const { id, title, createdAt, updatedAt } = chat;
    if (layout === 2) await old.put('summaries', { id, title, createdAt, updatedAt });
  }
  old.close();
}

describe('conversation history', () => {
  it('lists summaries newest first and keeps them in step with saves, renames and removals', async () => {
    const store = createIndexedDbConversationStore(freshName());
    await store.save(conversation('a', 10));
    await store.save(conversation('b', 20));
    expect(await store.list()).toEqual({
      conversations: [
        { id: 'b', title: 'Chat b', createdAt: 1, updatedAt: 20 },
        { id: 'a', title: 'Chat a', createdAt: 1, updatedAt: 10 },
      ],
      skipped: 0,
    });
    await store.save({ ...conversation('a', 30), title: 'Later' });
    await store.rename('b', '  Renamed  ');
    expect((await store.list()).conversations.map(({ id, title }) => [id, title])).toEqual([
      ['a', 'Later'],
      ['b', 'Renamed'],
    ]);
    expect((await store.get('b'))?.title).toBe('Renamed');
    await store.remove('a');
    expect((await store.list()).conversations.map(({ id }) => id)).toEqual(['b']);
    expect(await store.get('a')).toBeUndefined();
    expect((await store.get('b'))?.messages).toHaveLength(3);
  });

  it('writes one message at a time: a new chat is created and titled by its first question', async () => {
    const store = createIndexedDbConversationStore(freshName());
    const title = await store.putMessage('c', user('q', 'What is the weather in Oslo?'), {
      state: 'streaming',
    });
    expect(title).toBe('What is the weather in Oslo?');
    await store.putMessage('c', richAnswer, { state: 'streaming' });
    const opened = await store.get('c');
    expect(opened?.messages).toEqual([user('q', 'What is the weather in Oslo?'), richAnswer]);
    expect(opened?.interrupted).toEqual(['q', 'answer']);
    await store.putMessage('c', richAnswer, { state: 'complete' });
    await store.putMessage('c', user('q', 'What is the weather in Oslo?'), { state: 'complete' });
    expect((await store.get('c'))?.interrupted).toEqual([]);
    expect((await store.get('c'))?.messages.map(({ id }) => id)).toEqual(['q', 'answer']);
    await store.deleteMessages('c', ['answer']);
    expect((await store.get('c'))?.messages.map(({ id }) => id)).toEqual(['q']);
  });

  it('keeps a chat’s model on its summary through saves and renames; earlier summaries have none', async () => {
    const store = createIndexedDbConversationStore(freshName());
    // A summary as versions before per-chat models wrote it (layout 3, no model field).
    await store.save(conversation('old', 5));
    expect((await store.get('old'))?.model).toBeUndefined();
    // A chat not saved yet has no summary to hold a model: nothing is created.
    expect(await store.setModel('new', { provider: 'openai', model: 'gpt-4o' })).toBe(false);
    expect((await store.list()).conversations.map(({ id }) => id)).toEqual(['old']);

    const model = { provider: 'anthropic', model: 'claude-sonnet-4-5' } as const;
    expect(await store.setModel('old', model)).toBe(true);
    await store.putMessage('old', user('more', 'And tomorrow?'), { state: 'complete' });
    await store.rename('old', 'Weather');
    const opened = await store.get('old');
    expect(opened?.model).toEqual(model);
    expect(opened?.title).toBe('Weather');
    expect((await store.list()).conversations[0]?.model).toEqual(model);
  });

  it('keeps the routine whose run wrote a chat through later writes; other chats have none', async () => {
    const store = createIndexedDbConversationStore(freshName());
    // A routine's run records its routine when it writes the chat first.
    await store.save({ ...conversation('run', 5, 0), routineId: 'routine-1' });
    await store.putMessage('run', user('q', 'Summarize my issues'), { state: 'complete' });
    await store.setModel('run', { provider: 'openai', model: 'gpt-4o' });
    await store.rename('run', 'Morning brief · Mon 2 Dec, 08:00');
    await store.save(conversation('plain', 9));
    expect((await store.get('run'))?.routineId).toBe('routine-1');
    const listed = (await store.list()).conversations;
    expect(Object.fromEntries(listed.map(({ id, routineId }) => [id, routineId]))).toEqual({
      run: 'routine-1',
      plain: undefined,
    });
    expect(listed.find(({ id }) => id === 'plain')).not.toHaveProperty('routineId');
  });

  it('drops a stored model that no longer parses, and keeps the chat', async () => {
    const name = freshName();
    const store = createIndexedDbConversationStore(name);
    await store.save(conversation('x', 5));
    const database = await openDB(name);
    await database.put('summaries', {
      id: 'x',
      title: 'Chat x',
      createdAt: 1,
      updatedAt: 5,
      model: { provider: 'retired-provider', model: 'm' },
    });
    database.close();
    const opened = await store.get('x');
    expect(opened?.title).toBe('Chat x');
    expect(opened?.model).toBeUndefined();
  });

  it('removes a chat with every message, and no other chat’s', async () => {
    const store = createIndexedDbConversationStore(freshName());
    await store.save(conversation('a', 1));
    await store.save(conversation('ab', 2));
    await store.remove('a');
    expect((await store.get('ab'))?.messages).toHaveLength(3);
  });

  it.each([1, 2] as const)(
    'migrates a layout-%i database: every chat and message kept, in order',
    async (layout) => {
      const name = freshName();
      const duplicated = conversation('dup', 3, 2);
      duplicated.messages[1] = { ...duplicated.messages[1]!, id: 'dup-0' };
      await writeLegacyDatabase(name, layout, [
        conversation('old', 5, 500),
        { ...conversation('rich', 6, 0), messages: [user('q', 'Weather?'), richAnswer] },
        conversation('older', 4),
        duplicated,
      ]);

      const store = createIndexedDbConversationStore(name);
      expect((await store.list()).conversations.map(({ id }) => id)).toEqual([
        'rich',
        'old',
        'older',
        'dup',
      ]);
      const old = await store.get('old');
      expect(old?.messages).toEqual(conversation('old', 5, 500).messages);
      expect(old?.interrupted).toEqual([]);
      expect((await store.get('rich'))?.messages).toEqual([user('q', 'Weather?'), richAnswer]);
      expect((await store.get('dup'))?.messages.map(({ id }) => id)).toEqual(['dup-0', 'dup-0~1']);
      // Their words are searchable too.
      const searchable = await store.searchable();
      expect(searchable.find(({ id }) => id === 'older')?.texts).toEqual([
        'message 0',
        'message 1',
        'message 2',
      ]);
      expect(searchable.find(({ id }) => id === 'rich')?.texts).toEqual([
        'Weather?',
        'It is 21 °C.',
      ]);
      // Writing after the migration sorts after the migrated messages.
      await store.putMessage('old', user('next', 'More'), { state: 'complete' });
      expect((await store.get('old'))?.messages.at(-1)?.id).toBe('next');
    },
  );

  it('skips and counts records that fail validation, in the list and in a chat', async () => {
    const name = freshName();
    const store = createIndexedDbConversationStore(name);
    await store.save(conversation('good', 2));
    await store.list(); // opened in layout 3
    const raw = await openDB(name);
    await raw.put('summaries', { id: 'broken', title: 42, updatedAt: 9 });
    await raw.put('messages', {
      conversationId: 'good',
      id: 'bad',
      seq: 1.5,
      state: 'complete',
      message: { id: 'bad', role: 'robot', parts: 'none' },
    });
    raw.close();
    const list = await store.list();
    expect(list.conversations.map(({ id }) => id)).toEqual(['good']);
    expect(list.skipped).toBe(1);
    const good = await store.get('good');
    expect(good?.messages.map(({ id }) => id)).toEqual(['good-0', 'good-1', 'good-2']);
    expect(good?.skipped).toBe(1);
  });

  it('deletes all chats, or those not changed since a time, and no write brings one back', async () => {
    const store = createIndexedDbConversationStore(freshName());
    await store.save(conversation('old', 10));
    await store.save(conversation('edge', 20));
    await store.save(conversation('new', 30));
    expect(await store.removeOlderThan(20)).toEqual(['old']);
    expect((await store.list()).conversations.map(({ id }) => id)).toEqual(['new', 'edge']);
    expect(await store.get('old')).toBeUndefined();
    expect((await store.get('edge'))?.messages).toHaveLength(3);
    await store.removeAll();
    await store.putMessage('new', conversation('new', 40).messages[0]!, { state: 'complete' });
    expect(await store.list()).toEqual({ conversations: [], skipped: 0 });
    expect(await store.get('edge')).toBeUndefined();
  });
});
