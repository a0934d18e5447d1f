/**
 * Which CSS selectors wait_for accepts. It is a read-only tool, so it may run without asking
 * (an external client allowed read-only tools, the chat when the person lets read-only tools
 * run), and its answer, found or timed out, is one bit about the page. An attribute-value
 * selector turns that bit into an oracle: many pages mirror what is typed into attributes
 * (`<input value="…">` in frameworks that sync it), so `input[value^="a"]`, then `"ab"`, and so
 * on reads a password a character at a time. Selectors may therefore name elements, ids,
 * classes, pseudo-classes and attributes by presence (`[disabled]`), but never match an
 * attribute's value, nor an element's language (`:lang()`, which matches the `lang` attribute),
 * nor a field's state: `:placeholder-shown` (empty or not), `:valid` and `:invalid` (against its
 * pattern), `:checked`, `:autofill` and the like each tell one bit about what was typed or
 * chosen, and a page's own patterns can make those bits spell it out.
 *
 * The check reads the selector as the browser's CSS tokenizer does (CSS Syntax 3): comments,
 * strings and escapes are skipped exactly as the browser skips them, so none of them can hide an
 * `=` from the check or show one the browser would not see. Every attribute matcher (`=`, `~=`,
 * `|=`, `^=`, `$=`, `*=`) contains an `=` delimiter, and a valid selector has `=` nowhere else,
 * so refusing every `=` outside strings and comments refuses exactly the value matches, at any
 * depth of `:is()`, `:has()`, `:not()`, `:where()` or `:nth-child(… of …)`.
 */

/** Why wait_for refuses the selector (a sentence without its full stop); undefined when it may be used. */
export function selectorRefusal(selector: string): string | undefined {
  const found = firstForbidden(preprocess(selector));
  if (found === 'attribute-value') {
    return 'Selectors may not match attribute values ([name=value], ^=, $=, *=, ~=, |=), because a page can hold what was typed in its attributes. Use an element name, an id, a class or an attribute alone such as [disabled], or wait for text';
  }
  if (found === 'lang') {
    return 'Selectors may not use :lang(), which matches the value of the lang attribute. Use an element name, an id or a class, or wait for text';
  }
  if (found === 'field-state') {
    return 'Selectors may not use pseudo-classes that tell a field’s state (:placeholder-shown, :valid, :invalid, :checked, :autofill…), because each tells something about what was typed or chosen. Use an element name, an id or a class, or wait for text';
  }
  return undefined;
}

type Forbidden = 'attribute-value' | 'lang' | 'field-state';

/** Pseudo-classes that match on what a field holds (typed, chosen or filled in). */
const FIELD_STATE = new Set([
  'placeholder-shown',
  'valid',
  'invalid',
  'user-valid',
  'user-invalid',
  'in-range',
  'out-of-range',
  'checked',
  'indeterminate',
  'default',
  'blank',
  'autofill',
  '-webkit-autofill',
  '-internal-autofill-selected',
  '-internal-autofill-previewed',
]);

/** CSS Syntax 3 §3.3: newlines are one character, and NUL is U+FFFD. */
function preprocess(input: string): string {
  return input.replace(/\r\n?|\f/g, '\n').replace(/\0/g, '\uFFFD');
}

const isHex = (char: string | undefined) => char !== undefined && /^[0-9a-f]$/i.test(char);
const isWhitespace = (char: string | undefined) => char === ' ' || char === '\t' || char === '\n';
/** Name code points (CSS Syntax 3 §4.2): letters, digits, `-`, `_` and anything non-ASCII. */
const isNameChar = (char: string | undefined) =>
  char !== undefined && (/^[a-z0-9_-]$/i.test(char) || char.charCodeAt(0) >= 0x80);

/** Whether `\` at `at` starts an escape: anything but a newline may follow it. */
const startsEscape = (text: string, at: number) => text[at] === '\\' && text[at + 1] !== '\n';

/**
 * Consumes the escape whose backslash is at `at`: up to six hex digits and one whitespace after
 * them, or a single code point. Returns what it stands for and where reading goes on.
 */
function consumeEscape(text: string, at: number): { char: string; next: number } {
  let next = at + 1;
  if (next >= text.length) return { char: '\uFFFD', next };
  if (isHex(text[next])) {
    let digits = '';
    while (digits.length < 6 && isHex(text[next])) digits += text[next++];
    if (isWhitespace(text[next])) next++;
    const code = Number.parseInt(digits, 16);
    const valid = code !== 0 && code <= 0x10ffff && (code < 0xd800 || code > 0xdfff);
    return { char: valid ? String.fromCodePoint(code) : '\uFFFD', next };
  }
  const char = String.fromCodePoint(text.codePointAt(next)!);
  return { char, next: next + char.length };
}

/** Where the string opened just before `at` ends (after its quote, or at a bad-string newline). */
function skipString(text: string, at: number, quote: string): number {
  let index = at;
  while (index < text.length) {
    const char = text[index];
    if (char === quote) return index + 1;
    // An unescaped newline ends the string as a bad string; the newline is read again outside.
    if (char === '\n') return index;
    if (char === '\\') {
      if (text[index + 1] === '\n') index += 2;
      else index = consumeEscape(text, index).next;
      continue;
    }
    index++;
  }
  return index;
}

/** A run of name code points and escapes from `at`, lowercased, and where it ends. */
function consumeName(text: string, at: number): { name: string; next: number } {
  let name = '';
  let index = at;
  for (;;) {
    if (isNameChar(text[index])) name += text[index++]!;
    else if (startsEscape(text, index)) {
      const escape = consumeEscape(text, index);
      name += escape.char;
      index = escape.next;
    } else break;
  }
  return { name: name.toLowerCase(), next: index };
}

function firstForbidden(text: string): Forbidden | undefined {
  let index = 0;
  while (index < text.length) {
    const char = text[index]!;
    if (char === '/' && text[index + 1] === '*') {
      const end = text.indexOf('*/', index + 2);
      index = end < 0 ? text.length : end + 2;
    } else if (char === '"' || char === "'") {
      index = skipString(text, index + 1, char);
    } else if (isNameChar(char) || startsEscape(text, index)) {
      const { name, next } = consumeName(text, index);
      // A function token is a name followed at once by "(".
      if (name === 'lang' && text[next] === '(') return 'lang';
      index = next;
    } else if (char === ':') {
      // "::name" is a pseudo-element; ":name" a pseudo-class, read as the tokenizer reads it.
      if (text[index + 1] === ':') {
        index += 2;
        continue;
      }
      // Comments may stand between the colon and the name (`input:/**/checked` is :checked).
      let at = index + 1;
      while (text[at] === '/' && text[at + 1] === '*') {
        const end = text.indexOf('*/', at + 2);
        at = end < 0 ? text.length : end + 2;
      }
      if (FIELD_STATE.has(consumeName(text, at).name)) return 'field-state';
      index += 1; // the name is read again as a name (":lang(" is checked there)
    } else if (char === '=') {
      return 'attribute-value';
    } else {
      index++;
    }
  }
  return undefined;
}
