/**
 * Driving the panel from the keyboard alone, and checking that every control is reachable by
 * Tab with a visible focus ring.
 */
import type { Locator, Page } from 'playwright-core';

/** Where a Tab stop is, for messages: its tag and accessible name, roughly. */
export interface TabStop {
  probe: string;
  label: string;
  /** Whether the stop shows a focus ring (its own outline, or its switch's track's). */
  ring: boolean;
}

/**
 * Presses `key` (Tab or Shift+Tab) until `target` has the focus; throws after `limit` presses,
 * saying where the focus was.
 */
export async function pressUntilFocused(
  page: Page,
  target: Locator,
  key: 'Tab' | 'Shift+Tab',
  limit = 80,
): Promise<void> {
  for (let presses = 0; presses < limit; presses += 1) {
    if (await target.evaluate((element) => element === document.activeElement)) return;
    await page.keyboard.press(key);
  }
  const at = await page.evaluate(() => document.activeElement?.outerHTML.slice(0, 120));
  throw new Error(`${limit} presses of ${key} never reached the control; the focus is on ${at}`);
}

/**
 * Tabs through the whole page from its start and returns every stop, and the controls that can
 * take the focus (visible, enabled, in the tab order; a radio group counts once) that no stop
 * reached.
 */
export async function tabThrough(page: Page): Promise<{ stops: TabStop[]; missed: string[] }> {
  const controls = await page.evaluate(() => {
    const selector =
      'a[href], button, input, select, textarea, summary, [tabindex]:not([tabindex="-1"]), [contenteditable="true"]';
    const radioGroups = new Set<string>();
    const labels: string[] = [];
    let index = 0;
    for (const element of document.querySelectorAll<HTMLElement>(selector)) {
      if ((element as HTMLButtonElement).disabled || element.tabIndex < 0) continue;
      if (!element.checkVisibility()) continue;
      if (element instanceof HTMLInputElement && element.type === 'radio') {
        // Arrow keys move within a radio group; Tab stops once, on the checked one if any.
        if (radioGroups.has(element.name)) continue;
        radioGroups.add(element.name);
        const group = [
          ...document.querySelectorAll<HTMLInputElement>('input[type="radio"]'),
        ].filter((radio) => radio.name === element.name);
        for (const radio of group) radio.dataset.tabProbe = `radio:${element.name}`;
        labels.push(`radio:${element.name}`);
        continue;
      }
      element.dataset.tabProbe = String(index);
      labels.push(String(index));
      index += 1;
    }
    (document.activeElement as HTMLElement | null)?.blur();
    return labels;
  });
  const stops: TabStop[] = [];
  for (let presses = 0; presses < 400; presses += 1) {
    await page.keyboard.press('Tab');
    const stop = await page.evaluate(() => {
      const element = document.activeElement as HTMLElement | null;
      if (!element || element === document.body) return undefined;
      const ringOf = (target: Element | null) => {
        if (!target) return false;
        const style = getComputedStyle(target);
        return style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) >= 2;
      };
      // A switch's input is invisible; its track draws the ring.
      const ring =
        element.getAttribute('role') === 'switch'
          ? ringOf(element.nextElementSibling)
          : ringOf(element);
      const name =
        element.getAttribute('aria-label') ?? element.textContent?.trim().slice(0, 40) ?? '';
      return {
        probe: element.dataset.tabProbe ?? '',
        label: `${element.tagName.toLowerCase()} "${name}"`,
        ring,
      };
    });
    // Past the last control the focus leaves the page, then comes back to the first.
    if (!stop) continue;
    if (stop.probe !== '' && stops.some((seen) => seen.probe === stop.probe)) break;
    stops.push(stop);
  }
  const reached = new Set(stops.map((stop) => stop.probe));
  // A control that left the page while Tab went round (a card that finished, "Jump to latest"
  // once the focus scrolled the transcript to its end) was not missed.
  const missed = await page.evaluate(
    (unreached) =>
      unreached.flatMap((probe) => {
        const element = document.querySelector<HTMLElement>(`[data-tab-probe="${probe}"]`);
        return element?.checkVisibility() ? [element.outerHTML.slice(0, 120)] : [];
      }),
    controls.filter((probe) => !reached.has(probe)),
  );
  return { stops, missed };
}
