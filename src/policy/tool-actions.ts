/**
 * What a tool's name says it does, for the intent rule (intent.ts): the action (create, post,
 * comment, update), whether it removes or undoes things, and the thing it acts on ("message" of
 * `post_message`), whatever the name's prefix or case (`notion_create_page`, `API-deleteBlock`).
 */

import { nameWords, removesWord } from './name-words';

export { nameWords };

/** The actions a request can ask for by name. */
export type Action = 'create' | 'post' | 'comment' | 'update';

/** Words in tools' names, by the action the tool takes. */
const TOOL_VERBS: Record<string, Action> = {
  create: 'create',
  add: 'create',
  new: 'create',
  insert: 'create',
  make: 'create',
  file: 'create',
  post: 'post',
  send: 'post',
  publish: 'post',
  share: 'post',
  notify: 'post',
  comment: 'comment',
  reply: 'comment',
  respond: 'comment',
  update: 'update',
  edit: 'update',
  set: 'update',
  rename: 'update',
  assign: 'update',
  move: 'update',
  mark: 'update',
  label: 'update',
  tag: 'update',
  modify: 'update',
  patch: 'update',
};

/** Verbs in tools' names of actions a request cannot ask for by name here: they always ask. */
const OTHER_TOOL_VERBS = new Set(
  (
    'get list read search find fetch query lookup view show describe count download open load ' +
    'check browse write put upload sync import export save copy apply approve trigger invoke ' +
    'call submit request invite schedule book order buy forward email mail upsert append'
  ).split(' '),
);

/** Words that say nothing of which thing a tool acts on. */
const NOT_NOUNS = new Set(
  (
    'a an the to of by in on for my new it its this that these those them all any one ones ' +
    'thing things item items data info stuff as with from and or me us you your our'
  ).split(' '),
);

/** What a tool's name says it does. */
export interface ToolAction {
  /** Its action, where its name's first verb is one a request can ask for; else undefined. */
  action?: Action;
  /** Its name holds a word of removing or undoing. */
  removes: boolean;
  /** The things it acts on: the other words of its name ("message" of post_message). */
  nouns: string[];
}

export function toolAction(name: string): ToolAction {
  const words = nameWords(name);
  // The name's first verb of any kind is what it does: `read_file` reads, `write_file` writes
  // (neither is a `file` tool), `file_issue` files an issue.
  const verb = words.find(
    (word) => TOOL_VERBS[word] !== undefined || OTHER_TOOL_VERBS.has(word) || removesWord(word),
  );
  const action = verb === undefined ? undefined : TOOL_VERBS[verb];
  return {
    ...(action !== undefined && { action }),
    removes: words.some(removesWord),
    nouns: words.filter((word) => word !== verb && !NOT_NOUNS.has(word)),
  };
}

/** Other words people use for what a tool's name calls a thing. */
const SAME_THING: Record<string, readonly string[]> = {
  issue: ['bug', 'ticket'],
  page: ['doc', 'document'],
  event: ['meeting', 'appointment'],
  message: ['post'],
};

/** Whether any of `words` is one of `wanted` (or a word for the same thing), or its plural. */
export function namesAny(words: readonly string[], wanted: readonly string[]): boolean {
  const all = wanted.flatMap((each) => [each, ...(SAME_THING[each] ?? [])]);
  return words.some((word) =>
    all.some((each) => word === each || word === `${each}s` || word === `${each}es`),
  );
}
