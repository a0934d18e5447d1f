import 'fake-indexeddb/auto';
import type { UIMessage } from 'ai';
import { openDB } from 'idb';
import { describe, expect, it } from 'vitest';
import { createIndexedDbConversationStore, type Conversation } from '../../src/chat/history';

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

describe('conversation history', () => {
  it('lists summaries newest first and keeps them in step with saves, renames and removals', async () => {
    const store = createIndexedDbConversationStore(freshName());
    await store.save(conversation('a', 10));
    await store.save(conversation('b', 20));
    expect(await store.list()).toEqual([
      { id: 'b', title: 'Chat b', createdAt: 1, updatedAt: 20 },
      { id: 'a', title: 'Chat a', createdAt: 1, updatedAt: 10 },
    ]);
    await store.save({ ...conversation('a', 30), title: 'Later' });
    await store.rename('b', '  Renamed  ');
    expect((await store.list()).map(({ id, title }) => [id, title])).toEqual([
      ['a', 'Later'],
      ['b', 'Renamed'],
    ]);
    expect((await store.get('b'))?.title).toBe('Renamed');
    await store.remove('a');
    expect((await store.list()).map(({ id }) => id)).toEqual(['b']);
    expect(await store.get('a')).toBeUndefined();
    expect((await store.get('b'))?.messages).toHaveLength(3);
  });

  it('migrates a layout-1 database: every conversation kept, summaries filled in', async () => {
    const name = freshName();
    const old = await openDB(name, 1, {
      upgrade(upgrading) {
        upgrading
          .createObjectStore('conversations', { keyPath: 'id' })
          .createIndex('updatedAt', 'updatedAt');
      },
    });
    await old.put('conversations', conversation('old', 5, 500));
    await old.put('conversations', conversation('older', 4));
    old.close();

    const store = createIndexedDbConversationStore(name);
    expect(await store.list()).toEqual([
      { id: 'old', title: 'Chat old', createdAt: 1, updatedAt: 5 },
      { id: 'older', title: 'Chat older', createdAt: 1, updatedAt: 4 },
    ]);
    expect((await store.get('old'))?.messages).toHaveLength(500);
  });
});
