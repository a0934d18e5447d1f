/**
 * A call of a tool its server marks destructive (`destructiveHint: true`, and not read-only):
 * its approval card says in words what it will do, styles Approve as dangerous and offers no
 * Always allow, and no grant runs it unasked (grants.ts). Only an explicit mark counts: MCP reads
 * a tool that says nothing as destructive too, but that is most tools, and asking about every
 * one of them without a way to allow it would teach people to click Approve unread.
 *
 * The browser's own acting tools (click, type…) are marked destructive as well; their grants
 * hold per site (grants.ts), so they keep Always allow.
 */
import { BROWSER_SERVER_ID } from '../messaging/browser-access-contract';
import type { ToolView } from '../messaging/contract';
import { nameWords, removesWord } from './name-words';

export function isMarkedDestructive(tool: Pick<ToolView, 'serverId' | 'annotations'>): boolean {
  const hints = tool.annotations;
  return (
    tool.serverId !== BROWSER_SERVER_ID &&
    hints?.destructiveHint === true &&
    hints.readOnlyHint !== true
  );
}

/** Verbs whose third person is not the word plus "s". */
const IRREGULAR: Record<string, string> = {
  do: 'does',
  undo: 'undoes',
  go: 'goes',
};

/** Words that take no article before the thing they name ("all notes", "the page"). */
const DETERMINERS = new Set(
  'a an the all every each any some this that these those my your'.split(' '),
);

/**
 * What a call of `toolName` does, in words from its name: `delete_note` → "Deletes a note",
 * `purgeAllRecords` → "Purges all records", `API-dropTable` → "Drops a table", `drop` → "Drops
 * something". The name is the
 * server's, and so is the mark: the card says whose words these are.
 */
export function describeCall(toolName: string): string {
  const words = nameWords(toolName);
  // The name's word of removing, past any prefix (`notion_delete_page`, `API-dropTable`).
  const [verb, ...rest] = words.slice(Math.max(0, words.findIndex(removesWord)));
  if (!verb) return 'Changes something';
  const object = rest.join(' ');
  return `${capitalize(thirdPerson(verb))} ${object ? withArticle(rest, object) : 'something'}`;
}

function thirdPerson(verb: string): string {
  if (IRREGULAR[verb]) return IRREGULAR[verb];
  if (/(s|x|z|ch|sh)$/.test(verb)) return `${verb}es`;
  if (/[^aeiou]y$/.test(verb)) return `${verb.slice(0, -1)}ies`;
  return `${verb}s`;
}

function withArticle(words: readonly string[], object: string): string {
  const first = words[0] ?? '';
  const last = words[words.length - 1] ?? '';
  if (DETERMINERS.has(first) || (last.endsWith('s') && !last.endsWith('ss'))) return object;
  return `${/^[aeiou]/.test(first) ? 'an' : 'a'} ${object}`;
}

function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
