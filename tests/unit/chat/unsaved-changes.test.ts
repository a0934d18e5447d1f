import 'fake-indexeddb/auto';
import type { UIMessage } from 'ai';
import { describe, expect, it } from 'vitest';
import { createChatWriter } from '../../../src/chat/chat-writer';
import {
  createIndexedDbConversationStore,
  type ConversationStore,
} from '../../../src/chat/history';
import { createUnsavedJournal, UNSAVED_KEY_PREFIX } from '../../../src/chat/unsaved-changes';
import { createMemoryStore } from '../../../src/platform/memory';

let databases = 0;
const freshHistory = () => createIndexedDbConversationStore(`unsaved-${(databases += 1)}`);

const user = (id: string, text: string): UIMessage => ({
  id,
  role: 'user',
  parts: [{ type: 'text', text }],
});
const answer = (id: string, text: string): UIMessage => ({
  id,
  role: 'assistant',
  parts: [{ type: 'text', text }],
});

const storedTexts = async (history: ConversationStore, id = 'c') => {
  const opened = await history.get(id);
  return opened?.messages.map((message) => [
    message.id,
    message.parts.map((part) => (part.type === 'text' ? part.text : '')).join(''),
    opened.interrupted.includes(message.id) ? 'streaming' : 'complete',
  ]);
};

function writerFor(history: ConversationStore, stored: UIMessage[] = []) {
  return createChatWriter({
    store: history,
    conversationId: 'c',
    stored,
    intervalMs: 60_000,
    onSaved: () => undefined,
    onError: () => undefined,
  });
}

describe('what a chat has not written yet (ChatWriter.unsaved)', () => {
  it('is nothing for a chat as it opened, and nothing once every write finished', async () => {
    const history = freshHistory();
    const writer = writerFor(history, [user('q', 'Hi')]);
    expect(writer.unsaved()).toBeUndefined();
    writer.update([user('q', 'Hi'), answer('a', 'Hello')], 'complete', true);
    await writer.flush();
    expect(writer.unsaved()).toBeUndefined();
  });

  it('is the latest state’s changes against the finished writes, with the states they are due', async () => {
    const history = freshHistory();
    const writer = writerFor(history);
    const question = user('q', 'Why is the sky blue?');
    writer.update([question], 'streaming', true);
    await writer.flush();
    // Within the interval: the answer's words are only in memory.
    writer.update([question, answer('a', 'Light scatters')], 'streaming', false);
    expect(writer.unsaved()).toEqual({
      conversationId: 'c',
      messages: [{ message: answer('a', 'Light scatters'), state: 'streaming' }],
      gone: [],
    });
    // The turn ends: the question is due as complete too.
    const last = [question, answer('a', 'Light scatters off the air.')];
    writer.update(last, 'complete', false);
    expect(writer.unsaved()?.messages).toEqual([
      { message: question, state: 'complete' },
      { message: last[1], state: 'complete' },
    ]);
  });

  it('names the written messages the chat no longer has (regenerated away)', async () => {
    const history = freshHistory();
    const question = user('q', 'Hi');
    const writer = writerFor(history, [question, answer('a1', 'Hello')]);
    writer.update([question, answer('a2', 'Hey')], 'streaming', false);
    expect(writer.unsaved()).toMatchObject({ gone: ['a1'] });
    writer.cancel();
    expect(writer.unsaved()).toBeUndefined();
  });
});

describe('the journal of unwritten changes', () => {
  it('writes what a panel kept as it went away, with its states, removals, then forgets it', async () => {
    const store = createMemoryStore();
    const history = freshHistory();
    await history.save({
      id: 'c',
      title: 'Hi',
      createdAt: 1,
      updatedAt: 1,
      messages: [user('q', 'Hi'), answer('old', 'Replaced')],
    });
    const journal = createUnsavedJournal(store);
    journal.keep({
      conversationId: 'c',
      messages: [{ message: answer('new', 'Every word of it'), state: 'streaming' }],
      gone: ['old'],
    });
    await expect(journal.apply(history)).resolves.toBe(1);
    expect(await storedTexts(history)).toEqual([
      ['q', 'Hi', 'complete'],
      ['new', 'Every word of it', 'streaming'],
    ]);
    expect(await store.keys()).toEqual([]);
    // Applying again (a second panel opening at once) changes nothing.
    await expect(journal.apply(history)).resolves.toBe(0);
  });

  it('writes a chat that was never stored, and forgets what the page kept once it stays', async () => {
    const store = createMemoryStore();
    const history = freshHistory();
    const journal = createUnsavedJournal(store);
    const changes = {
      conversationId: 'fresh',
      messages: [{ message: user('q', 'Sent and closed at once'), state: 'streaming' as const }],
      gone: [],
    };
    journal.keep(changes);
    journal.forget('fresh');
    await expect(journal.apply(history)).resolves.toBe(0);
    journal.keep(changes);
    await expect(journal.apply(history)).resolves.toBe(1);
    expect(await storedTexts(history, 'fresh')).toEqual([
      ['q', 'Sent and closed at once', 'streaming'],
    ]);
    expect((await history.list()).conversations.map((chat) => chat.title)).toEqual([
      'Sent and closed at once',
    ]);
  });

  it('drops a record it cannot read, keeps one whose write failed for the next panel, and says why', async () => {
    const store = createMemoryStore({
      [`${UNSAVED_KEY_PREFIX}damaged`]: { conversationId: 'damaged', messages: 'not a list' },
      [`${UNSAVED_KEY_PREFIX}c`]: {
        conversationId: 'c',
        messages: [{ message: answer('a', 'Kept'), state: 'complete' }],
        gone: [],
      },
      'chat.models': { active: 'openai' },
    });
    const full: ConversationStore = {
      ...freshHistory(),
      putMessage: () =>
        Promise.reject(new DOMException('The quota has been exceeded.', 'QuotaExceededError')),
    };
    const journal = createUnsavedJournal(store);
    await expect(journal.apply(full)).rejects.toThrow('The quota has been exceeded.');
    expect((await store.keys()).sort()).toEqual(['chat.models', `${UNSAVED_KEY_PREFIX}c`]);

    const history = freshHistory();
    await expect(journal.apply(history)).resolves.toBe(1);
    expect(await storedTexts(history)).toEqual([['a', 'Kept', 'complete']]);
    expect(await store.keys()).toEqual(['chat.models']);
  });
});
