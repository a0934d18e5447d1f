import { accessibleName, clip } from './accessible-name';
import { inputType, isEditingHost, isInput, isTextArea, roleOf } from './element-role';

/** How long a field's value may be, in characters. */
const MAX_VALUE_CHARS = 200;

/** True for password inputs, whose values the agent never reads out. */
export function isPassword(element: Element): boolean {
  return isInput(element) && inputType(element) === 'password';
}

/**
 * What a field holds, capped: an input's or textarea's value, a select's chosen options, an
 * editable region's text. Undefined for anything else, and always for password inputs.
 */
export function fieldValue(element: Element): string | undefined {
  if (isPassword(element)) return undefined;
  if (isInput(element)) {
    const type = inputType(element);
    const hasNoText = ['checkbox', 'radio', 'button', 'submit', 'reset', 'image'].includes(type);
    return hasNoText ? undefined : clip(element.value, MAX_VALUE_CHARS);
  }
  if (isTextArea(element)) return clip(element.value, MAX_VALUE_CHARS);
  if (element.localName === 'select') {
    const chosen = Array.from((element as HTMLSelectElement).selectedOptions, (option) =>
      option.text.trim(),
    );
    return clip(chosen.join(', '), MAX_VALUE_CHARS);
  }
  if (isEditingHost(element)) return clip(element.textContent ?? '', MAX_VALUE_CHARS);
  return undefined;
}

/** A checkbox's, radio's or switch's state, native or from aria-checked. */
export function checkedState(element: Element): boolean | 'mixed' | undefined {
  if (isInput(element) && ['checkbox', 'radio'].includes(inputType(element))) {
    return element.indeterminate ? 'mixed' : element.checked;
  }
  const checked = element.getAttribute('aria-checked');
  if (checked === 'mixed') return 'mixed';
  if (checked === 'true' || checked === 'false') return checked === 'true';
  return undefined;
}

/** True for an attribute saying "true" (aria-selected, aria-expanded, ...), undefined when absent. */
export function ariaFlag(element: Element, name: string): boolean | undefined {
  const value = element.getAttribute(name);
  return value === 'true' ? true : value === 'false' ? false : undefined;
}

/** True when the element is disabled, natively (itself or its fieldset) or by aria-disabled. */
export function isDisabled(element: Element): boolean {
  return element.matches(':disabled') || element.closest('[aria-disabled="true"]') !== null;
}

/** True when a field cannot be changed by typing: disabled, or read-only. */
export function isReadOnly(element: Element): boolean {
  return (
    (element as HTMLInputElement).readOnly === true ||
    element.getAttribute('aria-readonly') === 'true'
  );
}

/** How results name an element for a language model: `button "Save"`, `textbox "Email"`. */
export function describeElement(element: Element): string {
  const role = roleOf(element);
  // An element without a role (the holder of found text) is named by its text.
  const name = role ? accessibleName(element, role) : clip(element.textContent ?? '', 60);
  const kind = role ?? element.localName;
  return name ? `${kind} "${name}"` : kind;
}
