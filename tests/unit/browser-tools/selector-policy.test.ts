import { describe, expect, it } from 'vitest';
import { createBrowserTools } from '../../../src/browser-tools/browser-tools';
import { selectorRefusal } from '../../../src/browser-tools/selector-policy';
import {
  ACCEPTED_SELECTORS,
  FIELD_STATE_SELECTORS,
  LANG_SELECTORS,
  VALUE_SELECTORS,
} from '../../fixtures/selectors';
import { stubBrowserControl } from '../../helpers/browser-access-harness';

const ATTRIBUTE_VALUES = /may not match attribute values/;

describe('selectors wait_for refuses', () => {
  it.each(VALUE_SELECTORS)('refuses %j', (selector) => {
    expect(selectorRefusal(selector)).toMatch(ATTRIBUTE_VALUES);
  });

  it.each(LANG_SELECTORS)('refuses %j, which matches the lang attribute', (selector) => {
    expect(selectorRefusal(selector)).toMatch(/:lang\(\)/);
  });

  it.each(FIELD_STATE_SELECTORS)('refuses %j, which tells a field’s state', (selector) => {
    expect(selectorRefusal(selector)).toMatch(/pseudo-classes that tell a field’s state/);
  });

  it.each(ACCEPTED_SELECTORS)('accepts %j', (selector) => {
    expect(selectorRefusal(selector)).toBeUndefined();
  });

  it('is what wait_for checks, for the chat and external clients alike, before the page is asked', async () => {
    const control = stubBrowserControl();
    const asked: unknown[] = [];
    const runInPage = control.runInPage;
    control.runInPage = async (tabId, command) => {
      asked.push(command);
      return runInPage(tabId, command);
    };
    const tools = createBrowserTools(control);
    const refused = await tools.call('wait_for', { selector: 'input[value^="a"]' });
    expect(refused.isError).toBe(true);
    expect(refused.content[0]).toMatchObject({
      text: expect.stringMatching(
        /^Invalid arguments for wait_for: selector: Selectors may not match attribute values .*, or wait for text\.$/,
      ),
    });
    expect(asked).toEqual([]);
    await tools.call('wait_for', { selector: 'input[disabled]' });
    expect(asked).toEqual([{ type: 'wait', selector: 'input[disabled]', timeoutMs: 5000 }]);
  });
});
