/**
 * What the panel's clicks ask Chrome for: the sites of the addresses given, one site or all
 * sites as a card names them, and never a wider pattern a server's answers could slip in.
 */
import { describe, expect, it, vi } from 'vitest';
import { createAskForSites } from '../../../src/permissions/ask-for-sites';
import { createMemoryPermissions } from '../../../src/platform/memory-permissions';

describe('asking for sites from a click', () => {
  it('asks once for each site, and never for a wildcard host', async () => {
    const chrome = createMemoryPermissions();
    chrome.answer('grant');
    const ask = createAskForSites(chrome);
    expect(
      await ask([
        'https://mcp.example.com/mcp',
        'https://mcp.example.com/sse',
        'https://*/*',
        '*://*/*',
        'https://auth.example.com/*',
      ]),
    ).toBe(true);
    expect(chrome.prompts).toEqual([['https://mcp.example.com/*', 'https://auth.example.com/*']]);
  });

  it('answers at once, without a prompt, for nothing to ask or what is held; false when refused', async () => {
    const chrome = createMemoryPermissions({ origins: ['<all_urls>'] });
    const ask = createAskForSites(chrome);
    expect(await ask([])).toBe(true);
    expect(await ask(['https://a.example/'])).toBe(true);
    expect(chrome.prompts).toEqual([]);
    const fresh = createMemoryPermissions();
    expect(await createAskForSites(fresh)(['https://a.example/'])).toBe(false);
  });

  it('says, without asking, whether sites are allowed already (no until Chrome has said)', async () => {
    const chrome = createMemoryPermissions({ origins: ['http://127.0.0.1/*'] });
    const ask = createAskForSites(chrome);
    expect(ask.allows?.(['http://127.0.0.1:8080/v1'])).toBe(false);
    await vi.waitFor(() => expect(ask.allows?.(['http://127.0.0.1:8080/v1'])).toBe(true));
    expect(ask.allows?.(['https://gateway.example/v1'])).toBe(false);
    expect(ask.allows?.([])).toBe(true);
    expect(chrome.prompts).toEqual([]);
  });
});
