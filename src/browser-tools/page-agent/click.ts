import { eventView, focusElement, scrollToCentre } from './action-target';

/** Elements focused by a press of the mouse on them or inside them. */
const FOCUSABLE =
  'a[href], area[href], button, input, select, textarea, summary, iframe, [tabindex], ' +
  '[contenteditable]:not([contenteditable="false"])';

/**
 * Clicks an element as a mouse would, so that pages listening for any of these events react:
 * pointerdown, mousedown (which focuses, as a real press does), pointerup, mouseup, click, all at
 * the element's centre. The click event's own default action does what a click does (follows a
 * link, ticks a checkbox, submits a form), so nothing else is called: everything runs once.
 *
 * These events are synthetic (`isTrusted` is false): pages see them, but the browser grants
 * them nothing a user gesture would (opening popups, full screen, clipboard).
 */
export function clickElement(element: Element): void {
  scrollToCentre(element);
  const box = element.getBoundingClientRect();
  const position = {
    bubbles: true,
    cancelable: true,
    composed: true,
    ...eventView(element),
    clientX: box.left + box.width / 2,
    clientY: box.top + box.height / 2,
    button: 0,
  };
  const pointer = { ...position, pointerId: 1, pointerType: 'mouse', isPrimary: true };
  // jsdom has no PointerEvent: the mouse events still go out.
  const sendPointer = (type: string, buttons: number) =>
    typeof PointerEvent === 'function'
      ? element.dispatchEvent(new PointerEvent(type, { ...pointer, buttons }))
      : true;

  // A cancelled pointerdown suppresses the mouse events that follow, as in a browser.
  const mouseEventsWanted = sendPointer('pointerdown', 1);
  if (mouseEventsWanted) {
    const pressed = element.dispatchEvent(
      new MouseEvent('mousedown', { ...position, buttons: 1, detail: 1 }),
    );
    if (pressed) focusOnPress(element);
  }
  sendPointer('pointerup', 0);
  if (mouseEventsWanted) {
    element.dispatchEvent(new MouseEvent('mouseup', { ...position, buttons: 0, detail: 1 }));
  }
  element.dispatchEvent(new MouseEvent('click', { ...position, buttons: 0, detail: 1 }));
}

/** What a real mouse press does to focus: the closest focusable element gets it, else none does. */
function focusOnPress(element: Element): void {
  const focusable = element.closest(FOCUSABLE);
  if (focusable) focusElement(focusable);
  else (element.ownerDocument.activeElement as HTMLElement | null)?.blur?.();
}
