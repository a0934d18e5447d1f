import type { SettingsField } from '../../src/chat-turn/chat-errors';

/**
 * Taking the person to a control on another tab ("Open Settings" at the API key, a server's
 * card): the tab renders after the click, some of it lazily, so the control is waited for.
 */

/** How long a control that never shows is waited for. */
const WAIT_MS = 3_000;

/**
 * Calls `then` with what `find` returns once it is in the page: at once, or when the page
 * changes, for up to {@link WAIT_MS}. Returns a function that stops waiting.
 */
export function whenShown<T extends Element>(
  find: () => T | null | undefined,
  then: (element: T) => void,
): () => void {
  const found = find();
  if (found) {
    then(found);
    return () => undefined;
  }
  const observer = new MutationObserver(() => {
    const element = find();
    if (!element) return;
    stop();
    then(element);
  });
  const timer = setTimeout(() => stop(), WAIT_MS);
  function stop() {
    observer.disconnect();
    clearTimeout(timer);
  }
  observer.observe(document.body, { childList: true, subtree: true });
  return stop;
}

/** A form control in `root` by its accessible name: its `aria-label`, or its label's words. */
export function findField(root: ParentNode, name: string): HTMLElement | undefined {
  const labelled = [
    ...root.querySelectorAll<HTMLElement>(
      'input[aria-label], select[aria-label], textarea[aria-label]',
    ),
  ].find((element) => element.getAttribute('aria-label') === name);
  if (labelled) return labelled;
  const label = [...root.querySelectorAll('label')].find((candidate) =>
    candidate.textContent?.trim().startsWith(name),
  );
  return label?.control ?? undefined;
}

/** Focuses `element` and brings it into view. */
export function focusOn(element: Element): void {
  if (element instanceof HTMLElement) element.focus();
  element.scrollIntoView?.({ block: 'center' });
}

/** The Settings fields a failure points at, by their accessible names. */
const SETTINGS_FIELDS: Record<SettingsField, string> = { 'api-key': 'API key' };

/** Once the Settings tab shows, focuses the field (the API key, the model) there. */
export function showSettingsField(field: SettingsField): () => void {
  return whenShown(() => {
    const settings = document.querySelector('section[aria-label="Settings"]');
    return settings ? findField(settings, SETTINGS_FIELDS[field]) : undefined;
  }, focusOn);
}

/**
 * Once the Servers tab shows the server's card, brings it into view: with `header`, its
 * "Enter <header>" opens its form at that field, as a click on it there would; otherwise its
 * first control takes the focus.
 */
export function showServerCard(serverId: string, header?: string): () => void {
  return whenShown(
    () => document.querySelector(`li.server[data-server-id="${CSS.escape(serverId)}"]`),
    (card) => {
      const buttons = [...card.querySelectorAll('button')];
      const enter = header
        ? buttons.find((button) => button.textContent?.trim() === `Enter ${header}`)
        : undefined;
      card.scrollIntoView?.({ block: 'center' });
      if (enter) enter.click();
      else card.querySelector<HTMLElement>('button, input')?.focus();
    },
  );
}
