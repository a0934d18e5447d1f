/**
 * The Chromium switches every test browser gets (scripts/chromium.ts): Chromium reads only the
 * last `--disable-features`, so ours must hold every feature Playwright switches off itself, or
 * launching through Playwright would quietly switch them back on.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, dirname } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CHROMIUM_FLAGS, PLAYWRIGHT_DISABLED_FEATURES } from '../../../scripts/chromium';

/** The features playwright-core's own `--disable-features` names, read from its bundle. */
function playwrightDisabledFeatures(): string[] {
  const require = createRequire(import.meta.url);
  const root = dirname(require.resolve('playwright-core/package.json'));
  const bundle = readFileSync(join(root, 'lib/coreBundle.js'), 'utf8');
  const list = /disabledFeatures = \[([\s\S]*?)\]\.filter/.exec(bundle)?.[1];
  if (!list)
    throw new Error('playwright-core no longer holds a disabledFeatures list where expected');
  return [...list.replace(/\/\/.*$/gm, '').matchAll(/"(\w+)"/g)].map((match) => match[1]!);
}

describe('Chromium flags', () => {
  it('switch off every feature Playwright switches off, in the one --disable-features', () => {
    const switches = CHROMIUM_FLAGS.filter((flag) => flag.startsWith('--disable-features='));
    expect(switches).toHaveLength(1);
    const ours = switches[0]!.slice('--disable-features='.length).split(',');

    const theirs = playwrightDisabledFeatures();

    expect(theirs.length).toBeGreaterThan(5);
    expect(ours).toEqual(expect.arrayContaining(theirs));
    expect(PLAYWRIGHT_DISABLED_FEATURES).toEqual(expect.arrayContaining(theirs));
  });

  it('leave out the address bar’s WebUI popups a headless browser never shows', () => {
    expect(CHROMIUM_FLAGS.join(' ')).toMatch(
      /--disable-features=\S*WebUIOmniboxPopup,WebUIOmniboxAimPopup/,
    );
  });
});
