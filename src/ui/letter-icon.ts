/**
 * The icon of a server or item that has none: the first letter of its name on a colour picked
 * from the name, so the same name always gets the same colour and neighbours tell apart. Drawn
 * by the panel itself: nothing is fetched.
 */

/**
 * Backgrounds white letters keep at least 4.5:1 on (WCAG 2.2 AA, 1.4.3), the same in both
 * themes; none is the red errors use.
 */
export const LETTER_COLORS = [
  '#1f5fd6',
  '#1a7f37',
  '#8250df',
  '#bf3989',
  '#9a6700',
  '#0e7490',
  '#b4461b',
  '#57606a',
] as const;

/** The first letter or digit of `name`, upper-cased; "?" when it has none. */
export function letterOf(name: string): string {
  const first = /[\p{L}\p{N}]/u.exec(name)?.[0];
  return first ? first.toLocaleUpperCase('en-US') : '?';
}

/** The colour for `name`: FNV-1a over its code points, case and outer spaces ignored. */
export function letterColor(name: string): (typeof LETTER_COLORS)[number] {
  let hash = 0x811c9dc5;
  for (const character of name.trim().toLowerCase()) {
    hash ^= character.codePointAt(0)!;
    hash = Math.imul(hash, 0x01000193);
  }
  return LETTER_COLORS[(hash >>> 0) % LETTER_COLORS.length]!;
}
