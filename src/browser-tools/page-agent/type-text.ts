import { focusElement, scrollToCentre } from './action-target';
import { BrowserAgentError } from './agent-error';
import { chooseOption, isSelect } from './choose-option';
import type { TypeResult } from './commands';
import { isEditable, isTextField } from './element-role';
import { describeElement, fieldValue, isDisabled, isReadOnly } from './element-state';
import { parseKey, sendKeyDown, sendKeyUp } from './keyboard-events';
import { insertIntoEditable, replaceFieldValue } from './text-entry';

/** What one `type` asks for. */
export interface TypeOptions {
  text: string;
  clear: boolean;
  submit: boolean;
}

/** The form a field belongs to (its `form` attribute may name one elsewhere), if any. */
export function formOf(element: Element): HTMLFormElement | null {
  return (element as HTMLInputElement).form ?? element.closest('form');
}

/**
 * Types into a text field or contenteditable element: focus, then the whole new value at once
 * (with input and change events; see text-entry.ts), then, when asked, the form's submission, or
 * an Enter key press where there is no form (chat boxes listen for one). Typing into a `<select>`
 * chooses the option with that label.
 */
export function typeText(element: Element, ref: string, options: TypeOptions): TypeResult {
  const description = describeElement(element);
  const field = isTextField(element) ? element : null;
  const select = isSelect(element) ? element : null;
  if (!field && !select && !isEditable(element)) {
    throw new BrowserAgentError(
      'not-editable',
      `Element ${ref} (${description}) is not a text field or select; take a snapshot and pick a textbox.`,
    );
  }
  if (isDisabled(element) || isReadOnly(element)) {
    throw new BrowserAgentError(
      'not-editable',
      `Element ${ref} (${description}) is disabled or read-only and cannot be typed into.`,
    );
  }
  scrollToCentre(element);
  focusElement(element);
  if (select) {
    chooseOption(select, ref, options.text, options.clear);
  } else if (field) {
    replaceFieldValue(field, options.clear ? options.text : field.value + options.text);
  } else {
    insertIntoEditable(element, options.text, options.clear ? 'replace-all' : 'end');
  }

  const result: TypeResult = { ref, description, submitted: options.submit };
  const value = fieldValue(element);
  if (value !== undefined) result.value = value;
  if (!options.submit) return result;
  const form = formOf(element);
  if (form) {
    // As pressing Enter does: validation and submit listeners run (form.submit() skips both).
    form.requestSubmit();
    result.submittedBy = 'form';
  } else {
    const enter = parseKey('Enter');
    sendKeyDown(element, enter);
    sendKeyUp(element, enter);
    result.submittedBy = 'enter-key';
  }
  return result;
}
