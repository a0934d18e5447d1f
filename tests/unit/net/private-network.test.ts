import { describe, expect, it } from 'vitest';
import {
  isPrivateNetworkHost,
  isUnencrypted,
  mayUsePlainHttp,
} from '../../../src/net/private-network';

const host = (url: string) => new URL(url).hostname;

describe('the person’s own network', () => {
  it.each([
    'http://10.0.0.5/mcp',
    'http://10.255.255.255/',
    'http://172.16.0.1/',
    'http://172.31.9.9/',
    'http://192.168.1.20:8080/mcp',
    'http://169.254.10.1/',
    'http://[fd12:3456::1]:8123/api/mcp',
    'http://[fc00::1]/',
    'http://homeassistant.local:8123/api/mcp',
    'http://nas.lan/mcp',
    'http://tools.corp.internal/mcp',
    'http://printer.home.arpa/mcp',
    'http://HomeAssistant.LOCAL./mcp',
  ])('includes %s', (url) => {
    expect(isPrivateNetworkHost(host(url))).toBe(true);
    expect(mayUsePlainHttp(new URL(url))).toBe(true);
  });

  it.each([
    'http://example.com/mcp',
    'http://172.15.0.1/',
    'http://172.32.0.1/',
    'http://192.169.1.1/',
    'http://11.0.0.1/',
    'http://8.8.8.8/',
    'http://[2001:db8::1]/',
    'http://[fe80::1]/',
    'http://local/',
    'http://evil-local.com/',
    'http://home.arpa.example.com/',
    'http://internal.example.com/',
    // Forms URL normalizes to public addresses.
    'http://0x08080808/',
  ])('excludes %s (the internet needs https)', (url) => {
    expect(isPrivateNetworkHost(host(url))).toBe(false);
    expect(mayUsePlainHttp(new URL(url))).toBe(false);
  });

  it('normalizes what the URL parser reads as a private address (10.1 is 10.0.0.1)', () => {
    expect(host('http://10.1/')).toBe('10.0.0.1');
    expect(mayUsePlainHttp(new URL('http://10.1/'))).toBe(true);
  });

  it('counts this machine as plain-http-safe, and only the network as unencrypted', () => {
    expect(mayUsePlainHttp(new URL('http://localhost:3000/mcp'))).toBe(true);
    expect(isUnencrypted('http://localhost:3000/mcp')).toBe(false);
    expect(isUnencrypted('http://127.0.0.1:3000/mcp')).toBe(false);
    expect(isUnencrypted('http://192.168.1.20/mcp')).toBe(true);
    expect(isUnencrypted('https://192.168.1.20/mcp')).toBe(false);
    // Refused, not warned about.
    expect(isUnencrypted('http://example.com/mcp')).toBe(false);
    expect(isUnencrypted('not a url')).toBe(false);
  });
});
