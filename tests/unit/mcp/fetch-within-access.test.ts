/**
 * Requests to servers within the sites Chrome allows (site-access.ts, host-access.ts): a site
 * allowed before goes out in the same turn, one never allowed sends nothing and says which site
 * to ask for, and a grant or a revocation counts from the moment Chrome reports it.
 */
import { describe, expect, it } from 'vitest';
import { fetchWithinAccess } from '../../../src/mcp/site-access';
import { createHostAccess } from '../../../src/permissions/host-access';
import { createMemoryPermissions } from '../../../src/platform/memory-permissions';

function recorder() {
  const sent: string[] = [];
  const fetchImpl = async (url: string | URL) => {
    sent.push(String(url));
    return new Response('{}');
  };
  return { sent, fetchImpl };
}

describe('a server fetch within site access', () => {
  it('sends a request to a site allowed before at once, without waiting a turn', async () => {
    const access = createHostAccess(createMemoryPermissions({ origins: ['https://a.example/*'] }));
    const { sent, fetchImpl } = recorder();
    const within = fetchWithinAccess(fetchImpl, access);
    await within('https://a.example/mcp'); // the first asks Chrome
    expect(access.allows(new URL('https://a.example/other'))).toBe(true);
    const second = within(new URL('https://a.example/mcp'));
    // Already out, before anything awaited.
    expect(sent).toEqual(['https://a.example/mcp', 'https://a.example/mcp']);
    await second;
  });

  it('sends nothing to a site not allowed, naming the site to ask for', async () => {
    const access = createHostAccess(createMemoryPermissions());
    const { sent, fetchImpl } = recorder();
    const within = fetchWithinAccess(fetchImpl, access);
    await expect(within('https://b.example:8443/mcp')).rejects.toMatchObject({
      kind: 'no-access',
      details: { sitePattern: 'https://b.example/*' },
    });
    expect(sent).toEqual([]);
  });

  it('follows what Chrome reports: a grant lets requests go, taking it back stops them', async () => {
    const chrome = createMemoryPermissions();
    const access = createHostAccess(chrome);
    const { sent, fetchImpl } = recorder();
    const within = fetchWithinAccess(fetchImpl, access);
    await expect(within('https://c.example/mcp')).rejects.toMatchObject({ kind: 'no-access' });
    chrome.answer('grant');
    await chrome.request({ origins: ['https://c.example/*'] });
    await within('https://c.example/mcp');
    expect(sent).toEqual(['https://c.example/mcp']);
    chrome.revoke([], ['https://c.example/*']);
    await expect(within('https://c.example/mcp')).rejects.toMatchObject({ kind: 'no-access' });
    expect(sent).toHaveLength(1);
  });
});
