import { BrowserAgentError } from './agent-error';
import { clip } from './accessible-name';

/** True for `<select>` elements. */
export function isSelect(element: Element): element is HTMLSelectElement {
  return element.localName === 'select';
}

/**
 * Chooses the option of a `<select>` whose label (or value) is `text`, ignoring case and extra
 * spaces, as picking it from the list does: input and change events follow. A select is typed
 * into this way because clicks on it cannot open its list (synthetic events open no native
 * pop-ups). In a multiple select, `clear` unselects the others first. Throws `not-found`,
 * listing the options, when none matches.
 */
export function chooseOption(
  select: HTMLSelectElement,
  ref: string,
  text: string,
  clear: boolean,
): void {
  const wanted = text.replace(/\s+/g, ' ').trim().toLowerCase();
  const options = Array.from(select.options);
  const option =
    options.find(
      (candidate) => candidate.text.replace(/\s+/g, ' ').trim().toLowerCase() === wanted,
    ) ?? options.find((candidate) => candidate.value.toLowerCase() === wanted);
  if (!option || option.disabled) {
    const labels = options.map((candidate) => JSON.stringify(candidate.text.trim())).join(', ');
    throw new BrowserAgentError(
      'not-found',
      `Element ${ref} has no option ${JSON.stringify(text)} to choose; its options: ${clip(labels, 300)}.`,
    );
  }
  if (select.multiple && clear) {
    for (const other of options) other.selected = false;
  }
  option.selected = true;
  select.dispatchEvent(new Event('input', { bubbles: true, composed: true }));
  select.dispatchEvent(new Event('change', { bubbles: true }));
}
