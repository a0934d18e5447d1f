/**
 * Search over the chat history: per keystroke, a query typed one character at a time over
 * 1,000 chats of 50 messages, against the same keystrokes over 10 chats (the floor: what a
 * search costs with next to nothing to look through). The index is what the panel builds when
 * the chat switcher opens (src/chat/chat-search.ts); this measures the scan it does as the
 * person types.
 */
import { buildSearchIndex, type SearchableChat } from '../../src/chat/chat-search';
import { median, type Row } from '../lib/stats';

const QUERY = 'topic42 words about';

function chats(count: number, messages: number): SearchableChat[] {
  return Array.from({ length: count }, (_, c) => ({
    id: `c${c}`,
    title: `Chat number ${c}`,
    updatedAt: c,
    texts: Array.from(
      { length: messages },
      (_, m) => `Message ${m} of chat ${c}: some words about topic${(c * messages + m) % 977} here`,
    ),
  }));
}

/** Milliseconds per keystroke, each keystroke's query being the typed prefix. */
function perKeystroke(index: ReturnType<typeof buildSearchIndex>): number[] {
  const times: number[] = [];
  for (let length = 1; length <= QUERY.length; length += 1) {
    const started = performance.now();
    index.search(QUERY.slice(0, length));
    times.push(performance.now() - started);
  }
  return times;
}

export function measureChatSearch(rounds: number): Row[] {
  const large = buildSearchIndex(chats(1000, 50));
  const small = buildSearchIndex(chats(10, 50));
  perKeystroke(large); // warm up
  perKeystroke(small);
  const largeTimes: number[] = [];
  const smallTimes: number[] = [];
  for (let round = 0; round < rounds; round += 1) {
    largeTimes.push(...perKeystroke(large));
    smallTimes.push(...perKeystroke(small));
  }
  return [
    {
      measure: 'search 1,000 chats × 50 messages, per keystroke',
      value: median(largeTimes),
      unit: 'ms',
      floor: { value: median(smallTimes), label: 'the same keystrokes over 10 chats' },
      ceiling: 50,
      note: `"${QUERY}" typed a character at a time, ${rounds} rounds; the goal is the absolute 50 ms per keystroke (the ratio shows how the scan grows with the history)`,
    },
  ];
}
