/**
 * axe-core in the side panel: its source is evaluated in the page through the DevTools
 * protocol (the panel's policy allows no inline script, and the machine has no internet), then
 * it checks the page against the WCAG 2.2 A and AA rules.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

const AXE_SOURCE = readFileSync(
  createRequire(import.meta.url).resolve('axe-core/axe.min.js'),
  'utf8',
);

/** The rule sets of WCAG 2.0, 2.1 and 2.2 at levels A and AA, as axe tags them. */
export const WCAG_22_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/** One rule broken, with the elements that break it (selectors and axe's own summary). */
export interface AxeViolation {
  rule: string;
  help: string;
  nodes: { target: string; summary: string }[];
}

interface AxeGlobal {
  axe?: {
    run(
      context: Document,
      options: { runOnly: { type: 'tag'; values: string[] }; resultTypes: string[] },
    ): Promise<{
      violations: {
        id: string;
        help: string;
        nodes: { target: unknown[]; failureSummary?: string }[];
      }[];
    }>;
  };
}

/** Runs axe on `page` as it is now; resolves with every WCAG 2.2 A/AA violation it finds. */
export async function axeViolations(page: Page): Promise<AxeViolation[]> {
  const loaded = await page.evaluate(() => Boolean((globalThis as AxeGlobal).axe));
  if (!loaded) await page.evaluate(AXE_SOURCE);
  // Colours read mid-transition (a switch after a theme change) are neither theme's.
  await page.evaluate(() => Promise.all(document.getAnimations().map((each) => each.finished)));
  return page.evaluate(async (tags) => {
    const axe = (globalThis as AxeGlobal).axe;
    if (!axe) throw new Error('axe-core did not load in the page.');
    const { violations } = await axe.run(document, {
      runOnly: { type: 'tag', values: tags },
      resultTypes: ['violations'],
    });
    return violations.map((violation) => ({
      rule: violation.id,
      help: violation.help,
      nodes: violation.nodes.map((node) => ({
        target: node.target.map(String).join(' '),
        summary: node.failureSummary ?? '',
      })),
    }));
  }, WCAG_22_AA);
}

/**
 * Checks `page` in both colour schemes and resolves with what each breaks (empty lists when it
 * passes); the page is left in the light scheme.
 */
export async function axeInBothThemes(
  page: Page,
): Promise<{ light: AxeViolation[]; dark: AxeViolation[] }> {
  await page.emulateMedia({ colorScheme: 'dark' });
  const dark = await axeViolations(page);
  await page.emulateMedia({ colorScheme: 'light' });
  const light = await axeViolations(page);
  return { light, dark };
}
