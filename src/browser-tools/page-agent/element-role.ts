/** Roles that mean "a person can act on this" when a page sets them with `role`. */
const INTERACTIVE_ROLES = new Set([
  'button',
  'link',
  'checkbox',
  'radio',
  'switch',
  'tab',
  'menuitem',
  'menuitemcheckbox',
  'menuitemradio',
  'option',
  'combobox',
  'textbox',
  'searchbox',
  'slider',
  'spinbutton',
  'treeitem',
]);

/** Input types a person types text into. */
const TEXT_INPUT_TYPES = new Set([
  'text',
  'search',
  'email',
  'url',
  'tel',
  'password',
  'number',
  'date',
  'time',
  'datetime-local',
  'month',
  'week',
]);

/** An input's type as the browser sees it (unknown types are text). */
export function inputType(input: HTMLInputElement): string {
  return input.type.toLowerCase();
}

/** True for `<input>` elements (from any window, so no instanceof). */
export function isInput(element: Element): element is HTMLInputElement {
  return element.localName === 'input';
}

/** True for `<textarea>` elements. */
export function isTextArea(element: Element): element is HTMLTextAreaElement {
  return element.localName === 'textarea';
}

/** True for an input or textarea a person types text into. */
export function isTextField(element: Element): element is HTMLInputElement | HTMLTextAreaElement {
  return isTextArea(element) || (isInput(element) && TEXT_INPUT_TYPES.has(inputType(element)));
}

/**
 * True when the element's content is editable (`contenteditable`, inherited by its descendants
 * until one says `false`). jsdom has no `isContentEditable`, so the attribute is read directly.
 */
export function isEditable(element: Element): boolean {
  const host = element.closest('[contenteditable]');
  return host !== null && host.getAttribute('contenteditable')?.toLowerCase() !== 'false';
}

/** True for the outermost element of an editable region (its inner elements are not listed). */
export function isEditingHost(element: Element): boolean {
  return (
    element.hasAttribute('contenteditable') &&
    isEditable(element) &&
    !(element.parentElement && isEditable(element.parentElement))
  );
}

function inputRole(input: HTMLInputElement): string | null {
  switch (inputType(input)) {
    case 'hidden':
      return null;
    case 'button':
    case 'submit':
    case 'reset':
    case 'image':
    case 'file':
      return 'button';
    case 'checkbox':
      return 'checkbox';
    case 'radio':
      return 'radio';
    case 'range':
      return 'slider';
    case 'number':
      return 'spinbutton';
    case 'search':
      return 'searchbox';
    default:
      return 'textbox';
  }
}

/**
 * The role of an element a snapshot lists (an interactive element or a heading), or null for any
 * other element. An explicit interactive `role` wins over the element's own.
 */
export function roleOf(element: Element): string | null {
  const explicit = element.getAttribute('role')?.trim().split(/\s+/)[0]?.toLowerCase();
  if (explicit && (INTERACTIVE_ROLES.has(explicit) || explicit === 'heading')) return explicit;
  switch (element.localName) {
    case 'a':
    case 'area':
      return element.hasAttribute('href') ? 'link' : null;
    case 'button':
    case 'summary':
      return 'button';
    case 'input':
      return inputRole(element as HTMLInputElement);
    case 'textarea':
      return 'textbox';
    case 'select': {
      const select = element as HTMLSelectElement;
      return select.multiple || select.size > 1 ? 'listbox' : 'combobox';
    }
    case 'h1':
    case 'h2':
    case 'h3':
    case 'h4':
    case 'h5':
    case 'h6':
      return 'heading';
  }
  return isEditingHost(element) ? 'textbox' : null;
}

/** True when a person can act on the element (everything {@link roleOf} lists but headings). */
export function isInteractive(element: Element): boolean {
  const role = roleOf(element);
  return role !== null && role !== 'heading';
}
