import { focusElement } from './action-target';
import { isTextArea } from './element-role';

/** A field a person types into. */
export type TextField = HTMLInputElement | HTMLTextAreaElement;

function announceInput(target: Element, inputType: string, data: string | null): void {
  target.dispatchEvent(new InputEvent('input', { bubbles: true, composed: true, inputType, data }));
}

/**
 * Gives a field a new value the way frameworks notice: through the prototype's native setter
 * rather than `field.value = ...`, because React (in the page's world) puts its own `value`
 * property on each controlled input to remember the last value it set; going around it leaves
 * React's remembered value stale, so the `input` event that follows reads as a change and
 * reaches onChange. Then `input` and `change` go out as after typing.
 */
export function replaceFieldValue(field: TextField, value: string): void {
  const prototype = isTextArea(field) ? HTMLTextAreaElement.prototype : HTMLInputElement.prototype;
  const setter = Object.getOwnPropertyDescriptor(prototype, 'value')?.set;
  if (setter) setter.call(field, value);
  else field.value = value;
  announceInput(field, value ? 'insertText' : 'deleteContentBackward', value || null);
  field.dispatchEvent(new Event('change', { bubbles: true }));
}

/**
 * Inserts text at a field's caret (replacing any selection), as a key press would. Fields without
 * a caret (email, number) get the text at the end.
 */
export function insertIntoField(field: TextField, text: string): void {
  if (field.selectionStart !== null && field.selectionEnd !== null) {
    field.setRangeText(text, field.selectionStart, field.selectionEnd, 'end');
  } else {
    const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set;
    if (setter) setter.call(field, field.value + text);
    else field.value += text;
  }
  announceInput(field, 'insertText', text);
}

/** Where text goes in an editable region. */
export type EditablePlacement = 'replace-all' | 'end' | 'caret';

function placeSelection(element: Element, placement: EditablePlacement): Selection | null {
  const selection = element.ownerDocument.getSelection();
  if (!selection) return null;
  const caretInside =
    selection.rangeCount > 0 && element.contains(selection.getRangeAt(0).commonAncestorContainer);
  if (placement === 'caret' && caretInside) return selection;
  const range = element.ownerDocument.createRange();
  range.selectNodeContents(element);
  if (placement !== 'replace-all') range.collapse(false);
  selection.removeAllRanges();
  selection.addRange(range);
  return selection;
}

/**
 * Inserts text into a contenteditable region. `execCommand` (deprecated, with no replacement)
 * goes through the browser's own editing, with the beforeinput and input events rich editors
 * (ProseMirror, Lexical, Slate) are built on; where it does nothing (jsdom), the text is put in
 * with a Range and an input event is sent.
 */
export function insertIntoEditable(
  element: Element,
  text: string,
  placement: EditablePlacement,
): void {
  focusElement(element);
  const selection = placeSelection(element, placement);
  const document = element.ownerDocument;
  const edited =
    typeof document.execCommand === 'function' &&
    (text === ''
      ? document.execCommand('delete', false)
      : document.execCommand('insertText', false, text));
  if (edited) return;
  const range = selection && selection.rangeCount > 0 ? selection.getRangeAt(0) : null;
  if (range) {
    range.deleteContents();
    const node = document.createTextNode(text);
    range.insertNode(node);
    range.setStartAfter(node);
    range.collapse(true);
  } else {
    if (placement === 'replace-all') element.textContent = '';
    element.append(text);
  }
  announceInput(element, text ? 'insertText' : 'deleteContentBackward', text || null);
}
