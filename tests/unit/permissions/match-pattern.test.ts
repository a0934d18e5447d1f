/**
 * Chrome's host match patterns as Patchbay asks for and reads them: the pattern a server's
 * address needs, and whether what Chrome granted covers an address or a pattern.
 */
import { describe, expect, it } from 'vitest';
import {
  covered,
  patternCovers,
  patternHost,
  sitePattern,
  sitePatterns,
} from '../../../src/permissions/match-pattern';

describe('site patterns', () => {
  it('asks for the scheme and host of an address, any port and path', () => {
    expect(sitePattern('https://mcp.notion.com/mcp')).toBe('https://mcp.notion.com/*');
    expect(sitePattern('http://127.0.0.1:8123/api/mcp?x=1')).toBe('http://127.0.0.1/*');
    expect(sitePattern('http://[::1]:9000/mcp')).toBe('http://[::1]/*');
    expect(sitePattern('wss://relay.example.com/extension')).toBeUndefined();
    expect(sitePattern('not a url')).toBeUndefined();
    expect(sitePatterns(['https://a.example/x', 'https://a.example/y', 'ftp://b'])).toEqual([
      'https://a.example/*',
    ]);
    expect(patternHost('https://mcp.linear.app/*')).toBe('mcp.linear.app');
    expect(patternHost('<all_urls>')).toBe('all sites');
  });

  it('reads what Chrome granted: all sites, a host on any port, a port, subdomains', () => {
    expect(covered(['<all_urls>'], 'http://127.0.0.1:3000/mcp')).toBe(true);
    expect(covered(['<all_urls>'], 'chrome://settings')).toBe(false);
    expect(covered(['http://127.0.0.1/*'], 'http://127.0.0.1:3000/mcp')).toBe(true);
    expect(covered(['http://127.0.0.1/*'], 'https://127.0.0.1/mcp')).toBe(false);
    expect(covered(['http://127.0.0.1/*'], 'http://localhost:3000/mcp')).toBe(false);
    expect(covered(['http://127.0.0.1:8080/*'], 'http://127.0.0.1:3000/')).toBe(false);
    expect(covered(['http://127.0.0.1:8080/*'], 'http://127.0.0.1:8080/')).toBe(true);
    expect(covered(['*://*.example.com/*'], 'https://api.example.com/x')).toBe(true);
    expect(covered(['*://*.example.com/*'], 'https://example.com/x')).toBe(true);
    expect(covered(['*://*.example.com/*'], 'https://badexample.com/x')).toBe(false);
    // Chrome grants a host permission's whole site, whatever its path says.
    expect(covered(['https://a.example/api/*'], 'https://a.example/other')).toBe(true);
    expect(covered([], 'https://a.example/')).toBe(false);
  });

  it('answers for a whole pattern as Chrome does: all sites only by all sites', () => {
    expect(patternCovers(['<all_urls>'], 'https://a.example/*')).toBe(true);
    expect(patternCovers(['https://a.example/*'], '<all_urls>')).toBe(false);
    expect(patternCovers(['*://*.example/*'], 'https://a.example/*')).toBe(true);
    expect(patternCovers(['https://b.example/*'], 'https://a.example/*')).toBe(false);
  });
});

describe('what a server may make Patchbay ask for', () => {
  it('is one site or all sites, never a wildcard host from its metadata', async () => {
    const { isSiteOrAllSites } = await import('../../../src/permissions/match-pattern');
    expect(sitePattern('https://*/')).toBeUndefined();
    expect(isSiteOrAllSites('https://*/*')).toBe(false);
    expect(isSiteOrAllSites('*://*/*')).toBe(false);
    expect(isSiteOrAllSites('https://*.example.com/*')).toBe(false);
    expect(isSiteOrAllSites('https://auth.example.com/*')).toBe(true);
    expect(isSiteOrAllSites('<all_urls>')).toBe(true);
    expect(covered(['*://*/*'], 'wss://relay.example/')).toBe(false);
  });
});
