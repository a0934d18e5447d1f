import { BrowserAgentError } from './agent-error';
import { searchVisibleText } from './find-text';
import { isVisible } from './visibility';

/** What one wait is for: a visible element matching a selector, or visible text. */
export type WaitTarget = { selector: string } | { pattern: RegExp; text: string };

/** How often, at most, a wait for text reads the whole page's text while the page changes. */
const TEXT_CHECK_INTERVAL_MS = 100;

/** The first visible element matching `selector`; throws `invalid` for a selector that is not one. */
function visibleMatch(document: Document, selector: string): Element | undefined {
  let matches: NodeListOf<Element>;
  try {
    matches = document.querySelectorAll(selector);
  } catch {
    throw new BrowserAgentError('invalid', `"${selector}" is not a valid CSS selector.`);
  }
  return Array.from(matches).find((element) => isVisible(element));
}

function found(document: Document, target: WaitTarget): Element | undefined {
  if ('selector' in target) return visibleMatch(document, target.selector);
  return searchVisibleText(document, target.pattern, 1).matches[0]?.element;
}

/**
 * Resolves with the element once `target` is on the page, or rejects with `timeout` after
 * `timeoutMs`. It checks at once, then whenever the DOM changes (a MutationObserver, no polling);
 * checks for text, which read the whole page, run at most every 100 ms.
 */
export function waitFor(
  document: Document,
  target: WaitTarget,
  timeoutMs: number,
): Promise<Element> {
  const already = found(document, target);
  if (already) return Promise.resolve(already);
  const interval = 'selector' in target ? 0 : TEXT_CHECK_INTERVAL_MS;
  return new Promise((resolve, reject) => {
    let lastCheck = performance.now();
    let scheduled: ReturnType<typeof setTimeout> | undefined;
    const finish = () => {
      observer.disconnect();
      clearTimeout(timer);
      clearTimeout(scheduled);
    };
    const check = () => {
      scheduled = undefined;
      lastCheck = performance.now();
      const element = found(document, target);
      if (!element) return;
      finish();
      resolve(element);
    };
    // Changes come in bursts: one check after each burst, not one per mutation record.
    const observer = new MutationObserver(() => {
      if (scheduled !== undefined) return;
      const wait = Math.max(0, lastCheck + interval - performance.now());
      scheduled = setTimeout(check, wait);
    });
    const timer = setTimeout(() => {
      finish();
      const what =
        'selector' in target
          ? `a visible element matching "${target.selector}"`
          : `the text "${target.text}"`;
      reject(
        new BrowserAgentError(
          'timeout',
          `Waited ${timeoutMs} ms but ${what} did not appear; take a snapshot to see the page.`,
        ),
      );
    }, timeoutMs);
    observer.observe(document, {
      subtree: true,
      childList: true,
      characterData: true,
      attributes: true,
    });
  });
}
