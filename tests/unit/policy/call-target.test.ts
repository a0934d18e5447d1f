import { describe, expect, it } from 'vitest';
import { browserCallOrigin } from '../../../src/policy/call-target';

describe('where a browser call acts, for the chat and the gate alike', () => {
  it('is the address’s origin for a page opener, as the browser will load it', () => {
    expect(browserCallOrigin('tab_open', { url: 'shop.example/cart?x=1' })).toBe(
      'https://shop.example',
    );
    expect(browserCallOrigin('navigate', { url: 'http://news.localhost@evil.localhost:8/' })).toBe(
      'http://evil.localhost:8',
    );
    // An address that cannot be told grants nothing.
    expect(browserCallOrigin('navigate', { url: 'javascript:alert(1)' })).toBeUndefined();
    expect(browserCallOrigin('tab_open', {})).toBeUndefined();
  });

  it('is no page for the list of tabs, and the tab’s for the rest', () => {
    expect(browserCallOrigin('tabs_list', {})).toBeNull();
    expect(browserCallOrigin('read_page', { tabId: 2 })).toBe('its tab');
  });
});
