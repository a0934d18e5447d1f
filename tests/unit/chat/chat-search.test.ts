import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { buildSearchIndex, queryWords, type SearchableChat } from '../../../src/chat/chat-search';
import { createIndexedDbConversationStore } from '../../../src/chat/history';

const chat = (id: string, title: string, texts: string[], updatedAt = 1): SearchableChat => ({
  id,
  title,
  updatedAt,
  texts,
});

const marked = (snippet: { text: string; match: boolean }[]) =>
  snippet.map((piece) => (piece.match ? `[${piece.text}]` : piece.text)).join('');

describe('searching chats', () => {
  it('finds chats that have every word, in the title or the text, newest first, with the words marked', () => {
    const index = buildSearchIndex([
      chat('a', 'Trip to Oslo', ['What is the weather in Oslo?', 'It is cold and snowy.'], 1),
      chat('b', 'Groceries', ['Buy snow boots for the Oslo trip'], 2),
      chat('c', 'Taxes', ['Nothing about it'], 3),
    ]);
    expect(index.search('oslo').map(({ id }) => id)).toEqual(['b', 'a']);
    expect(index.search('OSLO cold').map(({ id }) => id)).toEqual(['a']);
    const [hit] = index.search('snow oslo');
    expect(hit?.id).toBe('b');
    expect(marked(hit!.snippet)).toBe('Buy [snow] boots for the [Oslo] trip');
    expect(index.search('taxes').map(({ id }) => id)).toEqual(['c']);
    expect(marked(index.search('taxes')[0]!.snippet)).toBe('[Taxes]');
    expect(index.search('   ')).toEqual([]);
    expect(index.search('absent')).toEqual([]);
    expect(queryWords('  A  a b ')).toEqual(['a', 'b']);
  });

  it('cuts a long message around the match', () => {
    const long = `${'x'.repeat(100)} needle ${'y'.repeat(200)}`;
    const [hit] = buildSearchIndex([chat('a', 'T', [long])]).search('needle');
    const text = marked(hit!.snippet);
    expect(text.startsWith('…')).toBe(true);
    expect(text.endsWith('…')).toBe(true);
    expect(text).toContain('[needle]');
    expect(text.length).toBeLessThan(140);
  });

  it('finds the chats of a query over 1,000 chats of 50 messages (its speed: npm run bench -- search)', () => {
    const chats = Array.from({ length: 1000 }, (_, c) =>
      chat(
        `c${c}`,
        `Chat number ${c}`,
        Array.from(
          { length: 50 },
          (_, m) => `Message ${m} of chat ${c}: some words about topic${(c * 50 + m) % 977} here`,
        ),
        c,
      ),
    );
    const index = buildSearchIndex(chats);
    const hits = index.search('topic42 words');
    // Every chat with the word in a message (topic42, topic420…), newest first, 50 at most.
    const expected = chats
      .filter((each) => each.texts.some((text) => text.includes('topic42')))
      .map((each) => each.id)
      .reverse()
      .slice(0, 50);
    expect(expected).toHaveLength(50);
    expect(hits.map(({ id }) => id)).toEqual(expected);
    expect(index.search('nothing-like-this')).toEqual([]);
  });

  it('reads every readable chat’s title and text from the store', async () => {
    const store = createIndexedDbConversationStore('chat-search-1');
    await store.save({
      id: 'a',
      title: 'Oslo',
      createdAt: 1,
      updatedAt: 5,
      messages: [
        { id: 'q', role: 'user', parts: [{ type: 'text', text: 'Weather?' }] },
        { id: 'r', role: 'assistant', parts: [{ type: 'step-start' }] },
        { id: 's', role: 'assistant', parts: [{ type: 'text', text: 'Cold.' }] },
      ],
    });
    await store.save({ id: 'b', title: 'Empty', createdAt: 1, updatedAt: 6, messages: [] });
    // Written message by message, then edited away: the words follow.
    await store.putMessage(
      'b',
      { id: 'x', role: 'user', parts: [{ type: 'text', text: 'Gone' }] },
      { state: 'complete' },
    );
    await store.deleteMessages('b', ['x']);
    await store.putMessage(
      'a',
      { id: 't', role: 'user', parts: [{ type: 'text', text: 'Thanks' }] },
      { state: 'complete' },
    );
    await store.remove('b');
    expect(await store.searchable()).toEqual([
      {
        id: 'a',
        title: 'Oslo',
        updatedAt: expect.any(Number),
        texts: ['Weather?', 'Cold.', 'Thanks'],
      },
    ]);
  });
});
