/**
 * Websites' tools within site access: without all sites nothing is injected, probed, detected
 * or registered; the grant registers the sites allowed earlier, and taking it back unregisters
 * them.
 */
import { describe, expect, it } from 'vitest';
import { injectorWithinAccess } from '../../../src/page-tools/injector-within-access';
import type { PageInjector } from '../../../src/page-tools/ports';
import { createHostAccess } from '../../../src/permissions/host-access';
import { createMemoryPermissions } from '../../../src/platform/memory-permissions';

function recordingInjector() {
  const calls: string[] = [];
  const registered: { always: readonly string[]; once: readonly string[] }[] = [];
  const injector: PageInjector = {
    async register(sites) {
      registered.push(sites);
    },
    inject: async (tabId) => void calls.push(`inject ${tabId}`),
    probe: async (tabId) => (
      calls.push(`probe ${tabId}`),
      { url: 'https://a.example/', webmcpTools: 1, mcpB: false }
    ),
    address: async () => 'https://a.example/',
    detect: async (tabId) => void calls.push(`detect ${tabId}`),
  };
  return { injector, calls, registered };
}

describe('websites’ tools within site access', () => {
  it('runs nothing in pages without all sites, and registers the allowed sites once granted', async () => {
    const chrome = createMemoryPermissions();
    const inner = recordingInjector();
    const gated = injectorWithinAccess(inner.injector, createHostAccess(chrome));
    await gated.register({ always: ['a.example'], once: [] });
    expect(inner.registered).toEqual([{ always: [], once: [] }]);
    await expect(gated.inject(1)).rejects.toThrow('need access to all sites');
    await expect(gated.probe(1)).rejects.toThrow('need access to all sites');
    await expect(gated.detect(1)).rejects.toThrow('need access to all sites');
    expect(inner.calls).toEqual([]);

    chrome.answer('grant');
    await chrome.request({ origins: ['<all_urls>'] });
    await expect.poll(() => inner.registered.at(-1)).toEqual({ always: ['a.example'], once: [] });
    await gated.detect(2);
    expect(inner.calls).toEqual(['detect 2']);

    chrome.revoke([], ['<all_urls>']);
    await expect.poll(() => inner.registered.at(-1)).toEqual({ always: [], once: [] });
  });
});
