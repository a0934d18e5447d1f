/**
 * The words of tools' names, and which of them say a tool removes or undoes things: shared by
 * the intent rule (tool-actions.ts) and the destructive call's words (destructive-call.ts),
 * small so the approval card carries no more of the policy than it reads.
 */

/**
 * The beginnings of words that say a tool removes or undoes things (`delete`, `deleted`,
 * `mark_as_deleted`, `archiving`). A tool whose name holds one never runs unasked in a chat
 * holding others' text, whatever its hints say.
 */
const REMOVING_STEMS = (
  'delet remov clear drop purg destroy eras archiv revok wipe wiping reset cancel clos trash ' +
  'unpublish unshar kill stop disabl truncat overwrit replac transfer merg deploy execut ' +
  'uninstall detach unlink evict expel terminat abort refund withdraw'
).split(' ');
/** Short words of the same, matched whole (with an ending): `rm`, `del`, `run`, `pay`. */
const REMOVING_WORDS = new Set('rm del run pay ban kick exec eval nuke void'.split(' '));

/** The words of a name or text, lower case: `notion_delete_page`, `API-deleteBlock`. */
export function nameWords(name: string): string[] {
  return name
    .normalize('NFKC')
    .replace(/([\p{Ll}\p{N}])(\p{Lu})/gu, '$1 $2')
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
}

/** Whether `word` says a tool removes or undoes things (`delete`, `archiving`, `rm`). */
export function removesWord(word: string): boolean {
  if (REMOVING_STEMS.some((stem) => word.startsWith(stem))) return true;
  const bare = word.replace(/(?:s|es|ed|ing)$/, '');
  return REMOVING_WORDS.has(word) || REMOVING_WORDS.has(bare);
}
