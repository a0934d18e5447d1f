/**
 * What an empty chat suggests asking: with servers switched on, questions made from their
 * names and a few of their tools ("Ask Acme Notes to search notes"); with none, questions
 * anyone can ask. Names and titles come from the servers, so they are untrusted: the result is
 * plain text, one line, cut short, for the panel to show as text and put in the composer.
 */
import type { ServerView, ToolView } from '../messaging/views';

/** Questions a new person can ask at once (the last two suit DeepWiki and Context7). */
export const GENERIC_QUESTIONS = [
  'What can you help me with, and which tools do you have?',
  'How does the React repository (facebook/react) organize its packages?',
  'Show me how to debounce a function with lodash, from its current docs.',
] as const;

export const MAX_SUGGESTIONS = 4;
const TOOLS_PER_SERVER = 2;
const MAX_NAME = 32;
const MAX_PHRASE = 48;

export interface ChatSuggestions {
  /** True when the questions come from the servers switched on. */
  fromServers: boolean;
  questions: string[];
}

/** One line of at most `max` characters: control characters and runs of spaces become one. */
export function plainLine(text: string, max: number): string {
  // eslint-disable-next-line no-control-regex -- control characters are what is removed
  const line = text.replace(/[\u0000-\u001f\u007f-\u009f\s]+/g, ' ').trim();
  return line.length <= max ? line : `${line.slice(0, max - 1).trimEnd()}…`;
}

/** A tool's name as words: "search_notes" and "searchNotes" read "search notes". */
function nameAsWords(name: string): string {
  return name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[_\-.]+/g, ' ')
    .toLowerCase();
}

/** A word in title case ("Notes"), which reads lower-cased inside a sentence. */
const TITLE_WORD = /^[A-Z][a-z0-9'’-]*$/;

/** A title as words inside a sentence: "Search Notes" → "search notes"; "API keys" stays. */
function titleAsWords(title: string): string {
  const words = title.split(' ');
  if (words.every((word) => TITLE_WORD.test(word) || !/[A-Za-z]/.test(word)))
    return title.toLowerCase();
  return title.replace(/^[A-Z](?![A-Z])/, (first) => first.toLowerCase());
}

/** What the tool does, as the end of "Ask X to …": its title in words, or its name. */
function toolPhrase(tool: ToolView): string {
  const title = plainLine(tool.title ?? tool.annotations?.title ?? '', MAX_PHRASE * 2);
  const words = title ? titleAsWords(title) : nameAsWords(tool.name);
  return plainLine(words.replace(/[.!?:;,]+$/, ''), MAX_PHRASE);
}

/** Read-only tools first, then the rest; tools that delete or overwrite are never suggested. */
function suggestible(tools: readonly ToolView[]): ToolView[] {
  const safe = tools.filter((tool) => tool.annotations?.destructiveHint !== true);
  return [
    ...safe.filter((tool) => tool.annotations?.readOnlyHint === true),
    ...safe.filter((tool) => tool.annotations?.readOnlyHint !== true),
  ];
}

/**
 * The questions an empty chat offers, from the switched-on servers and the tools the chat can
 * use now; the generic ones only while no server is on.
 */
export function chatSuggestions(
  servers: readonly ServerView[],
  tools: readonly ToolView[],
): ChatSuggestions {
  const on = servers.filter((server) => server.isEnabled);
  if (on.length === 0) return { fromServers: false, questions: [...GENERIC_QUESTIONS] };
  const questions = new Set<string>();
  for (const server of on) {
    const name = plainLine(server.name, MAX_NAME);
    if (!name) continue;
    const own = suggestible(tools.filter((tool) => tool.serverId === server.id));
    for (const tool of own.slice(0, TOOLS_PER_SERVER)) {
      const phrase = toolPhrase(tool);
      if (phrase) questions.add(`Ask ${name} to ${phrase}`);
    }
    if (own.length === 0 && server.status.state === 'connected')
      questions.add(`What can ${name} do for me?`);
  }
  const chosen = [...questions].slice(0, MAX_SUGGESTIONS);
  return chosen.length > 0
    ? { fromServers: true, questions: chosen }
    : { fromServers: true, questions: [GENERIC_QUESTIONS[0]] };
}
