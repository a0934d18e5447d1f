/**
 * The tool search's ranking: a small BM25F scorer over each tool's name, title, description and
 * server, in memory and deterministic (equal scores keep the order the tools were given in). It
 * runs in the side panel; nothing leaves the machine to rank.
 */

/** One tool as the search reads it. */
export interface SearchableTool {
  /** What a search gives back for the tool (the chat's provider-safe name). */
  key: string;
  name: string;
  title?: string;
  description: string;
  /** The name of its server (or site) as the person knows it. */
  server: string;
}

export interface ToolIndex {
  /**
   * The keys of the tools that match `query` best, best first, at most `limit`, of those
   * `among` keeps (all when absent). A tool matches when it holds at least one query word.
   */
  search(query: string, limit: number, among?: (key: string) => boolean): string[];
}

/** How much a word counts in each field: a word of the name says most about what a tool does. */
const FIELD_WEIGHTS = { name: 3, title: 2, server: 1.5, description: 1 } as const;
type Field = keyof typeof FIELD_WEIGHTS;

/** BM25's saturation of repeated words and its normalization of long descriptions. */
const K1 = 1.2;
const B = 0.75;

/** Words that say nothing about which tool is meant. */
const STOP_WORDS = new Set(
  'a an and any are as at be by can do does for from how i in is it its me my of on or our please some that the their them this to tool tools use what when which with you your'.split(
    ' ',
  ),
);

/**
 * Words of `text`, lower-cased and lightly stemmed: `getForecast`, `get_forecast` and
 * `get-forecasts` all give `get`, `forecast`. Letters and digits of any script count.
 */
export function tokenize(text: string): string[] {
  const words =
    text
      .replace(/([\p{Ll}\p{N}])(\p{Lu})/gu, '$1 $2')
      .replace(/(\p{Lu})(\p{Lu}\p{Ll})/gu, '$1 $2')
      .toLowerCase()
      .match(/[\p{L}\p{N}]+/gu) ?? [];
  return words.filter((word) => !STOP_WORDS.has(word)).map(stem);
}

/** English plurals to their singular, enough to match "forecasts" with "forecast". */
function stem(word: string): string {
  if (word.length <= 3 || /\d/.test(word)) return word;
  if (word.endsWith('ies') && word.length > 4) return `${word.slice(0, -3)}y`;
  if (/(?:ss|x|z|ch|sh)es$/.test(word)) return word.slice(0, -2);
  if (word.endsWith('s') && !/(?:ss|us|is)$/.test(word)) return word.slice(0, -1);
  return word;
}

interface IndexedTool {
  key: string;
  /** Each word's weighted count across the fields. */
  frequencies: Map<string, number>;
  /** The fields' weighted length in words. */
  length: number;
}

/** Builds the index once; each search then scores only the tools holding a query word. */
export function createToolIndex(tools: readonly SearchableTool[]): ToolIndex {
  const indexed: IndexedTool[] = tools.map((tool) => {
    const frequencies = new Map<string, number>();
    let length = 0;
    for (const field of Object.keys(FIELD_WEIGHTS) as Field[]) {
      const weight = FIELD_WEIGHTS[field];
      for (const word of tokenize(tool[field] ?? '')) {
        frequencies.set(word, (frequencies.get(word) ?? 0) + weight);
        length += weight;
      }
    }
    return { key: tool.key, frequencies, length };
  });
  const averageLength = indexed.reduce((sum, tool) => sum + tool.length, 0) / indexed.length || 1;
  /** Which tools hold each word (positions in `indexed`, ascending). */
  const postings = new Map<string, number[]>();
  indexed.forEach((tool, position) => {
    for (const word of tool.frequencies.keys()) {
      const list = postings.get(word);
      if (list) list.push(position);
      else postings.set(word, [position]);
    }
  });
  const count = indexed.length;

  return {
    search(query, limit, among) {
      const scores = new Map<number, number>();
      for (const word of new Set(tokenize(query))) {
        const holding = postings.get(word);
        if (!holding) continue;
        const idf = Math.log(1 + (count - holding.length + 0.5) / (holding.length + 0.5));
        for (const position of holding) {
          const tool = indexed[position]!;
          const frequency = tool.frequencies.get(word)!;
          const norm = K1 * (1 - B + (B * tool.length) / averageLength);
          const score = (idf * frequency * (K1 + 1)) / (frequency + norm);
          scores.set(position, (scores.get(position) ?? 0) + score);
        }
      }
      return [...scores]
        .filter(([position]) => among?.(indexed[position]!.key) ?? true)
        .sort(([a, scoreA], [b, scoreB]) => scoreB - scoreA || a - b)
        .slice(0, Math.max(0, limit))
        .map(([position]) => indexed[position]!.key);
    },
  };
}
