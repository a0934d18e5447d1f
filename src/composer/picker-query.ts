/**
 * When the composer opens a picker and what the picker lists: "@" for resources anywhere a word
 * starts, "/" for prompts only at the very start, and a ranking that puts names the person
 * began to type before names that merely contain it.
 */

export type PickerKind = 'resources' | 'prompts';

export interface PickerTrigger {
  kind: PickerKind;
  /** What was typed after the trigger character, up to the caret. */
  query: string;
  /** Where the trigger character is. */
  start: number;
  /** Where the trigger's word ends: choosing an item removes `start` to `end`. */
  end: number;
}

const WHITESPACE = /\s/;

function wordEnd(text: string, from: number): number {
  let end = from;
  while (end < text.length && !WHITESPACE.test(text.charAt(end))) end += 1;
  return end;
}

/**
 * The picker the caret is in, if any. "@" counts at the start of the text or after whitespace,
 * so an email address never opens it. "/" counts only as the first character with nothing but
 * the command before the caret: a message that merely starts with a path, once a space is
 * typed, is a message.
 */
export function detectTrigger(text: string, caret: number): PickerTrigger | undefined {
  const position = Math.max(0, Math.min(caret, text.length));
  let start = position;
  while (start > 0 && !WHITESPACE.test(text.charAt(start - 1))) start -= 1;
  const trigger = text.charAt(start);
  if (start === position || (trigger !== '@' && trigger !== '/')) return undefined;
  if (trigger === '/' && start !== 0) return undefined;
  return {
    kind: trigger === '@' ? 'resources' : 'prompts',
    query: text.slice(start + 1, position),
    start,
    end: wordEnd(text, position),
  };
}

/**
 * The text once the trigger's word is taken out, and where the caret goes. One of the spaces
 * around it goes too, so "see @notes here" becomes "see here" rather than "see  here".
 */
export function removeTrigger(
  text: string,
  trigger: Pick<PickerTrigger, 'start' | 'end'>,
): { text: string; caret: number } {
  const before = text.slice(0, trigger.start);
  let after = text.slice(trigger.end);
  if ((before === '' || WHITESPACE.test(before.slice(-1))) && WHITESPACE.test(after.charAt(0))) {
    after = after.slice(1);
  }
  return { text: before + after, caret: before.length };
}

/**
 * The text with a picker's character put in, as the "+" menu does, and the caret just after it:
 * "@" at the caret, with a space before it after a word and after it before one; "/" at the
 * very start, the only place it counts, with a space before what was already typed.
 */
export function insertTrigger(
  text: string,
  caret: number,
  kind: PickerKind,
): { text: string; caret: number } {
  if (kind === 'prompts') {
    if (!text.trim()) return { text: '/', caret: 1 };
    return { text: WHITESPACE.test(text.charAt(0)) ? `/${text}` : `/ ${text}`, caret: 1 };
  }
  const position = Math.max(0, Math.min(caret, text.length));
  const before = text.slice(0, position);
  const after = text.slice(position);
  const lead = before === '' || WHITESPACE.test(before.slice(-1)) ? '@' : ' @';
  const trail = after === '' || WHITESPACE.test(after.charAt(0)) ? '' : ' ';
  return { text: before + lead + trail + after, caret: before.length + lead.length };
}

/** The texts a picker item is found by, strongest first. */
export interface SearchFields {
  /** Title and name: a match at their start ranks first, anywhere in them second. */
  names: (string | undefined)[];
  /** The uri (or a prompt's description): a match anywhere ranks last. */
  extra?: (string | undefined)[];
}

/** 0 for a prefix of a name, 1 for inside a name, 2 for inside the extra text; else no match. */
export function matchRank(fields: SearchFields, query: string): number | undefined {
  const needle = query.trim().toLowerCase();
  if (!needle) return 0;
  const names = fields.names.filter((name): name is string => Boolean(name));
  const lowered = names.map((name) => name.toLowerCase());
  if (lowered.some((name) => name.startsWith(needle))) return 0;
  if (lowered.some((name) => name.includes(needle))) return 1;
  if ((fields.extra ?? []).some((text) => text?.toLowerCase().includes(needle))) return 2;
  return undefined;
}

/** The items that match, best first; equal ranks keep the order the servers gave. */
export function rankItems<T>(
  items: readonly T[],
  query: string,
  fieldsOf: (item: T) => SearchFields,
): T[] {
  return items
    .map((item, index) => ({ item, index, rank: matchRank(fieldsOf(item), query) }))
    .filter((entry): entry is { item: T; index: number; rank: number } => entry.rank !== undefined)
    .sort((left, right) => left.rank - right.rank || left.index - right.index)
    .map((entry) => entry.item);
}

export interface LimitedGroups<A, B> {
  first: A[];
  second: B[];
  /** How many matches were left out to keep the list short. */
  hidden: number;
}

/**
 * Cuts two ranked groups to `limit` rows in all. The second group (templates) keeps a few rows
 * even when the first (resources) alone would fill the list, so it never silently vanishes.
 */
export function limitGroups<A, B>(
  first: A[],
  second: B[],
  limit: number,
  secondShare = 10,
): LimitedGroups<A, B> {
  const reservedRows = Math.min(second.length, secondShare, limit);
  const firstRows = Math.min(first.length, limit - reservedRows);
  const secondShown = Math.min(second.length, limit - firstRows);
  return {
    first: first.slice(0, firstRows),
    second: second.slice(0, secondShown),
    hidden: first.length - firstRows + (second.length - secondShown),
  };
}
