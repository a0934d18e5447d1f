/**
 * Whether a value was said: in the person's words, or in a server's results (intent.ts). Whole,
 * never as a bag of words; a read's value exactly as written (spacing and all, its case only as
 * written or in a plain form), so that how a value is written cannot carry what was read
 * elsewhere. (Where a write goes must be said in its request's clause: request-words.ts.) And
 * the addresses and hosts a text holds, for prose that would carry one.
 */

/** Text as compared: compatibility forms folded, lower case, straight quotes, single spaces. */
export function normalize(text: string): string {
  return fold(text).toLowerCase().replace(/\s+/g, ' ').trim();
}

/** Compatibility forms (fullwidth letters, ligatures) folded, quotes and dots made plain. */
function fold(text: string): string {
  return text
    .normalize('NFKC')
    .replace(/[‘’‚‛]/g, "'")
    .replace(/[“”„‟«»]/g, '"')
    .replace(/[。｡]/g, '.')
    .replace(/\u00AD/g, '');
}

const BEFORE_OK = /[\s([{"',;:!?]/;
const AFTER_OK = /[\s)\]}"'!?;]/;
/** A full stop, comma or colon ends a value only where a space or the text's end follows. */
const AFTER_IF_SPACED = /[.,:]/;

export interface SaidOptions {
  /**
   * As written: no folding of case (beyond a plain form: lower, upper, first letter or words
   * capitalized), of spacing or of compatibility forms. For what a read sends.
   */
  exact?: boolean;
}

/**
 * Whether `value` occurs in `text` whole: not inside a longer word, name or address (`#team` is
 * not in `#teams`, `team` is not in `#team`, `7` is not in `PB-7`, `10` is not in `10,000`). A
 * value with no letter or digit is never said: it names nothing.
 */
export function saidIn(text: string, value: string, options: SaidOptions = {}): boolean {
  if (!/[\p{L}\p{N}]/u.test(value)) return false;
  // As written means code point for code point: a compatibility or canonical twin (a KELVIN
  // SIGN for a K, a decomposed é) could carry a bit each.
  const needle = options.exact ? value : normalize(value);
  const haystack = options.exact ? text : normalize(text);
  const lowerHay = haystack.toLowerCase();
  const lowerNeedle = needle.toLowerCase();
  if (options.exact && lowerNeedle.length !== needle.length) return false;
  for (
    let at = lowerHay.indexOf(lowerNeedle);
    at !== -1;
    at = lowerHay.indexOf(lowerNeedle, at + 1)
  ) {
    const end = at + needle.length;
    const before = haystack[at - 1] ?? ' ';
    const after = haystack[end] ?? ' ';
    const next = haystack[end + 1] ?? ' ';
    const closes =
      AFTER_OK.test(after) ||
      (AFTER_IF_SPACED.test(after) && (AFTER_OK.test(next) || /[.,:]/.test(next)));
    if (!BEFORE_OK.test(before) || !closes) continue;
    if (options.exact && !plainForms(haystack.slice(at, end)).includes(needle)) continue;
    return true;
  }
  return false;
}

/** The forms a value may take of words written `as`: as written, or plainly cased. */
function plainForms(as: string): string[] {
  const lower = as.toLowerCase();
  const capital = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);
  return [as, lower, as.toUpperCase(), capital(lower), lower.split(' ').map(capital).join(' ')];
}

/**
 * The addresses in `text` (folded first, as a URL parser would): a URL with a scheme or none
 * (`//host/…`), a `data:` or `javascript:` URL (an image's insides can load more), an e-mail
 * address, a host followed by a path or a port, an IP address.
 */
export function addressesIn(text: string): string[] {
  const folded = fold(text);
  const found = folded.matchAll(
    /\b[a-z][a-z0-9+.-]*:\/\/[^\s<>"'`)\]]+|\b(?:data|javascript|vbscript|blob|file|mailto):[^\s<>"'`)\]]+|\/\/[^\s/<>"'`)\]]+[^\s<>"'`)\]]*|[^\s<>"'`(@]+@[^\s<>"'`)@]+\.[^\s<>"'`)@]+|(?<![\p{L}\p{N}-])(?:[\p{L}\p{N}-]+\.)+(?:[\p{L}]{2,}|xn--[a-z0-9-]+)(?::\d+|\/)[^\s<>"'`)\]]*|\b\d{1,3}(?:\.\d{1,3}){3}\b[^\s<>"'`)\]]*/giu,
  );
  return [...found].map((match) => match[0].replace(/[.,;:!?]+$/, ''));
}

/** The host names in `text` (`news.example`, `K7Q2.evil.example`), lower case. */
export function hostsIn(text: string): string[] {
  return [
    ...fold(text).matchAll(
      /(?<![\p{L}\p{N}-])(?:[\p{L}\p{N}-]+\.)+(?:\p{L}{2,}|xn--[a-z0-9-]+)(?![\p{L}\p{N}-])/giu,
    ),
  ].map((match) => match[0].toLowerCase());
}
