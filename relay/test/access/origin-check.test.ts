/**
 * Which origins and Host names the relay serves: with `allowedExtensions`, only those
 * extensions' origins (any extension's otherwise); bound elsewhere than loopback, only the Host
 * names it was given (`allowedHosts`), or by default the loopback names, never any Host at all.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { rawClient, startTestRelay, type TestRelay } from '../helpers.js';
import { rawHttp } from '../http-clients.js';

const PATCHBAY = 'ochopgbekfckekcfildinaeciimoahkb';
const OTHER = 'a'.repeat(32);

let relay: TestRelay | undefined;
afterEach(async () => {
  await relay?.close();
  relay = undefined;
});

/** The relay's address on loopback (it may be bound to every interface). */
const loopbackUrl = (started: TestRelay) => `http://127.0.0.1:${new URL(started.url).port}`;

async function statusOf(base: string, headers: Record<string, string>): Promise<number> {
  return (await rawHttp(new URL('/health', base).toString(), { headers })).status;
}

async function upgrades(base: string, path: string, headers: Record<string, string>) {
  try {
    const client = await rawClient(base, path, { headers });
    client.socket.close();
    return true;
  } catch (error) {
    expect(String(error)).toMatch(/403/);
    return false;
  }
}

describe('--allowed-extensions', () => {
  it('lets in only the extensions named, over HTTP and WebSocket', async () => {
    relay = await startTestRelay({ allowedExtensions: [PATCHBAY] });
    const ours = { origin: `chrome-extension://${PATCHBAY}` };
    const theirs = { origin: `chrome-extension://${OTHER}` };
    expect(await statusOf(relay.url, ours)).toBe(200);
    expect(await statusOf(relay.url, theirs)).toBe(403);
    expect(await upgrades(relay.url, '/extension', ours)).toBe(true);
    expect(await upgrades(relay.url, '/extension', theirs)).toBe(false);
    expect(await upgrades(relay.url, '/mcp', theirs)).toBe(false);
    // Clients without an Origin are let in as before.
    expect(await statusOf(relay.url, {})).toBe(200);
  });

  it('without it, any extension’s origin passes (only the token protects the relay)', async () => {
    relay = await startTestRelay();
    expect(await statusOf(relay.url, { origin: `chrome-extension://${OTHER}` })).toBe(200);
  });
});

describe('the Host check when bound to every interface', () => {
  it('serves only the loopback names unless told others', async () => {
    relay = await startTestRelay({ host: '0.0.0.0' });
    const base = loopbackUrl(relay);
    expect(await statusOf(base, { host: 'evil.example' })).toBe(403);
    expect(await statusOf(base, { host: 'relay.example.com' })).toBe(403);
    expect(await upgrades(base, '/mcp', { host: 'evil.example' })).toBe(false);
    expect(await statusOf(base, { host: `localhost:${new URL(base).port}` })).toBe(200);
    const refused = await rawHttp(new URL('/health', base).toString(), {
      headers: { host: 'evil.example' },
    });
    expect(refused.body).toMatch(/--allowed-hosts/);
  });

  it('serves the names in --allowed-hosts, and only those', async () => {
    relay = await startTestRelay({ host: '0.0.0.0', allowedHosts: ['relay.example.com'] });
    const base = loopbackUrl(relay);
    expect(await statusOf(base, { host: 'relay.example.com' })).toBe(200);
    expect(await statusOf(base, { host: 'RELAY.example.com:443' })).toBe(200);
    expect(await upgrades(base, '/mcp', { host: 'relay.example.com' })).toBe(true);
    expect(await statusOf(base, { host: 'evil.example' })).toBe(403);
    expect(await upgrades(base, '/extension', { host: 'evil.example' })).toBe(false);
    expect(await statusOf(base, { host: 'localhost' })).toBe(403);
  });
});
