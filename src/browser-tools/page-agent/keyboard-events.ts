import { eventView } from './action-target';
import { BrowserAgentError } from './agent-error';

/** A key to press, with the fields key events carry. */
export interface KeyPress {
  key: string;
  code: string;
  keyCode: number;
  ctrlKey: boolean;
  shiftKey: boolean;
  altKey: boolean;
  metaKey: boolean;
  /** True when the key types a character (one character, no Control, Alt or Meta). */
  printable: boolean;
}

/** Named keys, by a lower-case spelling a language model may use, with their legacy key codes. */
const NAMED_KEYS: Record<string, [key: string, keyCode: number]> = {
  enter: ['Enter', 13],
  return: ['Enter', 13],
  tab: ['Tab', 9],
  escape: ['Escape', 27],
  esc: ['Escape', 27],
  backspace: ['Backspace', 8],
  delete: ['Delete', 46],
  space: [' ', 32],
  arrowup: ['ArrowUp', 38],
  up: ['ArrowUp', 38],
  arrowdown: ['ArrowDown', 40],
  down: ['ArrowDown', 40],
  arrowleft: ['ArrowLeft', 37],
  left: ['ArrowLeft', 37],
  arrowright: ['ArrowRight', 39],
  right: ['ArrowRight', 39],
  home: ['Home', 36],
  end: ['End', 35],
  pageup: ['PageUp', 33],
  pagedown: ['PageDown', 34],
};

const MODIFIERS = /^((?:(?:control|ctrl|shift|alt|option|meta|cmd|command)\+)*)(.+)$/i;

function codeOf(key: string): string {
  if (/^[a-z]$/i.test(key)) return `Key${key.toUpperCase()}`;
  if (/^[0-9]$/.test(key)) return `Digit${key}`;
  if (key === ' ') return 'Space';
  return key.length > 1 ? key : '';
}

/**
 * Reads a key such as `Enter`, `a`, `Shift+Tab` or `Control+a`. Throws `invalid` for anything
 * that is neither one character nor a key name.
 */
export function parseKey(spec: string): KeyPress {
  const parts = MODIFIERS.exec(spec.trim());
  if (!parts) throw new BrowserAgentError('invalid', 'No key was given; say which, e.g. "Enter".');
  const modifiers = parts[1]!.toLowerCase();
  const name = parts[2]!;
  const press = {
    ctrlKey: /\b(control|ctrl)\+/.test(modifiers),
    shiftKey: modifiers.includes('shift+'),
    altKey: /\b(alt|option)\+/.test(modifiers),
    metaKey: /\b(meta|cmd|command)\+/.test(modifiers),
  };
  const named = NAMED_KEYS[name.toLowerCase()];
  let key: string;
  let keyCode: number;
  if (named) {
    [key, keyCode] = named;
  } else if ([...name].length === 1) {
    key = press.shiftKey ? name.toUpperCase() : name;
    keyCode = /^[a-z0-9]$/i.test(name) ? name.toUpperCase().charCodeAt(0) : 0;
  } else if (/^[A-Z][A-Za-z0-9]+$/.test(name)) {
    // Other key names (F5, Insert, MediaPlayPause) go out as they are.
    [key, keyCode] = [name, 0];
  } else {
    throw new BrowserAgentError(
      'invalid',
      `"${spec}" is not a key; give one character or a key name such as Enter, Tab or ArrowDown.`,
    );
  }
  const printable = [...key].length === 1 && !press.ctrlKey && !press.altKey && !press.metaKey;
  return { ...press, key, code: codeOf(key), keyCode, printable };
}

function keyEvent(type: string, press: KeyPress, target: Element): KeyboardEvent {
  const character = press.key === 'Enter' ? 13 : press.key.charCodeAt(0);
  const charCode = type === 'keypress' ? character : 0;
  const keyCode = type === 'keypress' ? charCode : press.keyCode;
  const { key, code, ctrlKey, shiftKey, altKey, metaKey } = press;
  return new KeyboardEvent(type, {
    ...{ key, code, ctrlKey, shiftKey, altKey, metaKey, charCode, keyCode, which: keyCode },
    ...eventView(target),
    bubbles: true,
    cancelable: true,
    composed: true,
  });
}

/**
 * Sends keydown, and keypress for a character or Enter (as browsers do), to `target`. Returns false when a listener
 * cancelled either, in which case the key's default action must not run.
 *
 * These are synthetic events (`isTrusted` false): the page's listeners see them, but the browser
 * does nothing of its own for them (no character typed, no focus moved, no form submitted), so
 * the agent carries out those default actions itself (see press-key.ts).
 */
export function sendKeyDown(target: Element, press: KeyPress): boolean {
  const allowed = target.dispatchEvent(keyEvent('keydown', press, target));
  if (!allowed || !(press.printable || press.key === 'Enter')) return allowed;
  return target.dispatchEvent(keyEvent('keypress', press, target));
}

/** Sends keyup to `target`. */
export function sendKeyUp(target: Element, press: KeyPress): void {
  target.dispatchEvent(keyEvent('keyup', press, target));
}
