/**
 * wait_for's selector check against Chromium's own CSS parser. Two pages hold the same elements,
 * ids and classes but different attribute values: a selector that matches differently in them
 * reads attribute values, one that matches the same elements in both does not. The evasions
 * must read values (so the unit tests' refusals refuse real leaks) and be refused; the accepted
 * selectors must not read them.
 */
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHROMIUM_FLAGS, findChromium } from '../../scripts/chromium';
import { selectorRefusal } from '../../src/browser-tools/selector-policy';
import {
  ACCEPTED_SELECTORS,
  EVASIONS,
  FIELD_STATE_SELECTORS,
  LANG_SELECTORS,
} from '../fixtures/selectors';

interface Values {
  value: string;
  data: string;
  title: string;
  href: string;
  lang: string;
  classes: string;
}

/** The same elements, ids and classes every time; attribute values from `values`. */
const pageWith = (values: Values) => `<!doctype html><html><body>
<form lang="${values.lang}"><input id="pw" class="${values.classes}" value="${values.value}"
  data-x="${values.data}" title="${values.title}" disabled>
<a id="link" href="${values.href}" title="${values.title}">link</a></form>
<ul class="result-list"><li class="row" data-x="${values.data}">1</li><li class="row">2</li>
<li data-x="${values.data}">3</li></ul>
<p lang="${values.lang}" dir="rtl">text</p>
<dialog open><button disabled>b</button></dialog><h1 class="title">t</h1></body></html>`;

const SECRET: Values = {
  value: 'abc xyz hunter2',
  data: 'a1',
  title: ']',
  href: 'https://bank.example/',
  lang: 'de',
  classes: 'field secret',
};
const OTHER: Values = {
  value: 'zzz',
  data: 'z9',
  title: 'q',
  href: 'zzz',
  lang: 'fr',
  classes: 'field secret',
};

let browser: Browser;
let page: Page;

beforeAll(async () => {
  browser = await chromium.launch({
    executablePath: findChromium(),
    headless: true,
    args: CHROMIUM_FLAGS,
  });
  page = await browser.newPage();
});
afterAll(async () => {
  await browser?.close();
});

/** What each selector matches in a page with `values` (element positions), or "invalid". */
async function matches(values: Values, selectors: readonly string[]): Promise<string[]> {
  await page.setContent(pageWith(values));
  return matchesNow(selectors);
}

/** What each selector matches in the page as it is now (element positions), or "invalid". */
function matchesNow(selectors: readonly string[]): Promise<string[]> {
  return page.evaluate((list) => {
    const all = [...document.querySelectorAll('*')];
    return list.map((selector) => {
      try {
        return [...document.querySelectorAll(selector)].map((el) => all.indexOf(el)).join(',');
      } catch {
        return 'invalid';
      }
    });
  }, selectors);
}

describe('wait_for’s selector check, in Chromium', () => {
  it('refuses spellings that read attribute values in Chromium', async () => {
    const [secret, other] = [await matches(SECRET, EVASIONS), await matches(OTHER, EVASIONS)];
    EVASIONS.forEach((selector, index) => {
      expect(secret[index], selector).not.toBe('invalid');
      expect(secret[index], `${selector} matches the same with other values`).not.toBe(
        other[index],
      );
      expect(selectorRefusal(selector), selector).toBeDefined();
    });
  });

  it('refuses :lang() in every spelling Chromium reads as one', async () => {
    const [secret, other] = [
      await matches(SECRET, LANG_SELECTORS),
      await matches(OTHER, LANG_SELECTORS),
    ];
    const read = LANG_SELECTORS.filter((_, index) => secret[index] !== other[index]);
    expect(read).toEqual(LANG_SELECTORS.filter((_, index) => secret[index] !== 'invalid'));
    for (const selector of LANG_SELECTORS) expect(selectorRefusal(selector)).toBeDefined();
  });

  it('refuses field-state pseudo-classes, which tell what was typed or chosen', async () => {
    /** What each selector matches once `typed` is in the password field (and the box ticked). */
    const afterTyping = async (typed: string) => {
      await page.setContent(`<!doctype html><form><input id="pw" placeholder="Password"
        pattern="a.*" required><input type="checkbox"><label>x</label>
        <input type="number" min="1" max="5"></form>`);
      if (typed) {
        await page.fill('#pw', typed);
        await page.check('input[type=checkbox]');
        await page.fill('input[type=number]', '9');
      }
      return matchesNow(FIELD_STATE_SELECTORS);
    };
    const [typed, empty] = [await afterTyping('abc'), await afterTyping('')];
    const read = FIELD_STATE_SELECTORS.filter((_, index) => typed[index] !== empty[index]);
    // Not vacuous: most of them tell the two apart in Chromium.
    expect(read.length).toBeGreaterThan(FIELD_STATE_SELECTORS.length / 2);
    for (const selector of FIELD_STATE_SELECTORS) expect(selectorRefusal(selector)).toBeDefined();
  });

  it('accepts only selectors that match the same elements whatever the attribute values', async () => {
    const [secret, other] = [
      await matches(SECRET, ACCEPTED_SELECTORS),
      await matches(OTHER, ACCEPTED_SELECTORS),
    ];
    ACCEPTED_SELECTORS.forEach((selector, index) => {
      expect(secret[index], selector).toBe(other[index]);
      expect(selectorRefusal(selector), selector).toBeUndefined();
    });
    // Not vacuous: most of them match something here.
    expect(secret.filter((found) => found !== '' && found !== 'invalid').length).toBeGreaterThan(
      ACCEPTED_SELECTORS.length / 2,
    );
  });
});
