/** One chat as search reads it: its title and the text of its messages, in order. */
export interface SearchableChat {
  id: string;
  title: string;
  updatedAt: number;
  texts: string[];
}

export interface SearchHit {
  id: string;
  title: string;
  /** Text around the first match, split so the matched words can be marked. */
  snippet: { text: string; match: boolean }[];
}

interface IndexedChat {
  chat: SearchableChat;
  /** Title and texts, lower-cased once, joined by a line break no query word contains. */
  haystack: string;
  /** The same, as written. */
  original: string;
}

export interface SearchIndex {
  search(query: string, limit?: number): SearchHit[];
}

const SNIPPET_RADIUS = 40;

/** Words of a query, lower-cased; a chat matches when it contains every one. */
export function queryWords(query: string): string[] {
  return [...new Set(query.toLowerCase().split(/\s+/u).filter(Boolean))];
}

/**
 * Search over every chat's title and text, in memory: chats are lower-cased once when the index
 * is built, so each query is one scan of plain strings (1,000 chats of 50 messages answer in a
 * few milliseconds). Newest chats first.
 */
export function buildSearchIndex(chats: readonly SearchableChat[]): SearchIndex {
  const indexed: IndexedChat[] = [...chats]
    .sort((a, b) => b.updatedAt - a.updatedAt)
    .map((chat) => {
      const original = [chat.title, ...chat.texts].join('\n');
      // toLowerCase can change a string's length (rare letters); search then falls back to
      // marking nothing rather than marking the wrong letters.
      return { chat, original, haystack: original.toLowerCase() };
    });
  return {
    search(query, limit = 50) {
      const words = queryWords(query);
      if (words.length === 0) return [];
      const hits: SearchHit[] = [];
      for (const entry of indexed) {
        if (!words.every((word) => entry.haystack.includes(word))) continue;
        hits.push({ id: entry.chat.id, title: entry.chat.title, snippet: snippetOf(entry, words) });
        if (hits.length >= limit) break;
      }
      return hits;
    },
  };
}

function snippetOf(entry: IndexedChat, words: string[]): SearchHit['snippet'] {
  const titleEnd = entry.chat.title.length;
  // Prefer a match in the messages (the title is shown anyway); else the title's.
  const inText = Math.min(
    ...words.map((word) => entry.haystack.indexOf(word, titleEnd)).filter((at) => at >= 0),
  );
  const first = Number.isFinite(inText) ? inText : entry.haystack.indexOf(words[0]!);
  const lineStart = entry.haystack.lastIndexOf('\n', first) + 1;
  const lineEndAt = entry.haystack.indexOf('\n', first);
  const lineEnd = lineEndAt < 0 ? entry.haystack.length : lineEndAt;
  const start = Math.max(lineStart, first - SNIPPET_RADIUS);
  const end = Math.min(lineEnd, first + SNIPPET_RADIUS * 2);
  const lower = entry.haystack.slice(start, end);
  const text = entry.original.slice(start, end);
  if (lower.length !== text.length) return [{ text, match: false }];
  // Mark every occurrence of every word in the snippet.
  const marks: boolean[] = Array.from({ length: text.length }, () => false);
  for (const word of words) {
    for (let at = lower.indexOf(word); at >= 0; at = lower.indexOf(word, at + word.length))
      marks.fill(true, at, at + word.length);
  }
  const pieces: SearchHit['snippet'] = [];
  for (let index = 0; index < text.length; index += 1) {
    const match = marks[index]!;
    const last = pieces.at(-1);
    if (last && last.match === match) last.text += text[index];
    else pieces.push({ text: text[index]!, match });
  }
  if (start > lineStart) pieces.unshift({ text: '…', match: false });
  if (end < lineEnd) pieces.push({ text: '…', match: false });
  return pieces;
}
