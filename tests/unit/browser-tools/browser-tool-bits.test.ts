/**
 * The browser's closed-world tools that neither destroy nor open pages run unasked under an
 * "Always allow", even in a chat that holds text from elsewhere (src/policy/call-policy.ts). A
 * page sees what some of them do to it (how far it scrolled, which element came into view,
 * whether its tab is shown), so a call could carry what the chat holds to the page through its
 * arguments: `scroll` by 4417 px tells a PIN. Those tools take only a few bits a call.
 */
import { describe, expect, it } from 'vitest';
import { browserToolInputs, browserToolList } from '../../../src/browser-tools/tool-definitions';

/** Reads whose effect no page can see: they take text (what to find, what to wait for). */
const UNSEEN_BY_PAGES = new Set([
  'tabs_list',
  'read_page',
  'snapshot',
  'find_text',
  'wait_for',
  'screenshot',
]);
/** Inputs that name something that exists (a tab, an element): nothing else does anything. */
const NAMES_WHAT_EXISTS = new Set(['tabId', 'ref']);
const FEW_CHOICES = 4;

interface PropertySchema {
  enum?: unknown[];
}

describe('browser actions a page can see, under an Always allow', () => {
  const seen = browserToolList().filter(
    (tool) =>
      tool.annotations.openWorldHint === false &&
      tool.annotations.destructiveHint === false &&
      !UNSEEN_BY_PAGES.has(tool.name),
  );

  it('are the scroll and showing a tab', () => {
    expect(seen.map((tool) => tool.name).sort()).toEqual(['scroll', 'tab_activate']);
  });

  it('take a tab, an element or one of a few fixed choices, never a number or text', () => {
    for (const tool of seen) {
      const properties = (tool.inputSchema.properties ?? {}) as Record<string, PropertySchema>;
      for (const [name, schema] of Object.entries(properties)) {
        if (NAMES_WHAT_EXISTS.has(name)) continue;
        // A number or text has no enum: unbounded.
        const choices = schema.enum?.length ?? Infinity;
        expect(choices, `${tool.name}.${name}`).toBeLessThanOrEqual(FEW_CHOICES);
      }
    }
  });

  it('refuses a scroll by a number of pixels, which the page would read back', () => {
    const scroll = browserToolInputs.scroll;
    expect(scroll.safeParse({ direction: 'down', amount: 4417 }).success).toBe(false);
    expect(scroll.safeParse({ direction: 'down', amount: 'half' }).success).toBe(true);
    expect(scroll.safeParse({ direction: 'down' }).success).toBe(true);
  });
});
