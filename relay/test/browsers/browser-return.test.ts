/**
 * A browser coming back (its service worker restarted): requests for it wait for the grace
 * period instead of failing with 503, and go on when it is back; after the grace period they
 * fail as before; with no grace period they fail at once. The stand-in browser's absence is
 * simulated with a fixed delay (the only fixed delays here).
 */
import { setTimeout as delay } from 'node:timers/promises';
import { afterEach, describe, expect, it } from 'vitest';
import { handshaken, startTestRelay, type TestRelay } from '../helpers.js';
import { httpClient } from '../http-clients.js';
import { connectStandIn, type StandIn } from '../stand-in-extension.js';

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup().catch(() => undefined);
});

const text = (result: unknown) => (result as { content: { text: string }[] }).content[0]?.text;

async function relayWith(graceMs: number, more: Parameters<typeof startTestRelay>[0] = {}) {
  const relay = await startTestRelay({ browserGraceMs: graceMs, ...more });
  cleanups.push(() => relay.close());
  return relay;
}

/** Ada's browser ("Chromium"), and how to bring it back (same token and name: same id). */
async function browserOf(relay: TestRelay, user = 'ada') {
  const token = await relay.token(user, 'browser');
  const connect = async () => {
    const browser = await connectStandIn({ relayUrl: relay.url, token, name: 'Chromium' });
    cleanups.push(() => browser.close());
    return browser;
  };
  return { first: await connect(), connect };
}

/** Brings the browser back after `ms` (its absence); resolves with it. */
function backAfter(ms: number, connect: () => Promise<StandIn>): Promise<StandIn> {
  return delay(ms).then(connect);
}

const tools = async (relay: TestRelay, user = 'ada', signal?: AbortSignal) =>
  fetch(new URL('/tools', relay.url), {
    headers: { Authorization: `Bearer ${await relay.token(user, 'client')}` },
    signal,
  });

const waiting = async (relay: TestRelay) =>
  ((await (await fetch(new URL('/health', relay.url))).json()) as { waitingForBrowser: number })
    .waitingForBrowser;

describe('a browser that left and comes back within the grace period', () => {
  it('a 2026-07-28 request waits for it, and succeeds when it is back', async () => {
    const relay = await relayWith(10_000);
    const { first, connect } = await browserOf(relay);
    const { client } = await httpClient({
      relayUrl: relay.url,
      token: await relay.token('ada', 'client'),
      era: 'modern',
    });
    cleanups.push(() => client.close());
    await first.close();
    const back = backAfter(1_000, connect);
    // Sent while no browser is connected: only a request that waited can be answered.
    const answer = client.callTool({ name: 'echo', arguments: { text: 'back' } });
    await expect.poll(() => waiting(relay)).toBe(1);
    expect(text(await answer)).toBe('back');
    await back;
  });

  it('GET /tools waits for it', async () => {
    const relay = await relayWith(10_000);
    const { first, connect } = await browserOf(relay);
    await first.close();
    const back = backAfter(1_000, connect);
    const response = await tools(relay);
    expect(response.status).toBe(200);
    expect(JSON.stringify(await response.json())).toContain('echo');
    await back;
  });

  it.each(['streamable', 'sse'] as const)(
    'a new %s session (2025 initialize, legacy GET /sse) waits for it',
    async (transport) => {
      const relay = await relayWith(10_000);
      const { first, connect } = await browserOf(relay);
      await first.close();
      const back = backAfter(1_000, connect);
      const { client } = await httpClient({
        relayUrl: relay.url,
        token: await relay.token('ada', 'client'),
        era: 'legacy',
        transport,
      });
      cleanups.push(() => client.close());
      expect(text(await client.callTool({ name: 'echo', arguments: { text: 'hi' } }))).toBe('hi');
      await back;
    },
  );

  it('a 2025 session its browser left ends (404): the client initializes again, which waits', async () => {
    const relay = await relayWith(10_000);
    const { first, connect } = await browserOf(relay);
    const token = await relay.token('ada', 'client');
    const old = await httpClient({ relayUrl: relay.url, token, era: 'legacy' });
    cleanups.push(() => old.client.close());
    await first.close();
    // The browser's MCP session (in its restarted service worker) is gone with it, and the
    // relay says so rather than only "not found".
    await expect(old.client.listTools()).rejects.toThrow(
      /Session ended: The browser left the relay \(Patchbay in it may be restarting\)/,
    );
    const back = backAfter(1_000, connect);
    const { client } = await httpClient({ relayUrl: relay.url, token, era: 'legacy' });
    cleanups.push(() => client.close());
    expect((await client.listTools()).tools.map((tool) => tool.name)).toContain('echo');
    await back;
  });

  it('a relay-protocol connect to its id waits for it', async () => {
    const relay = await relayWith(10_000);
    const { first, connect } = await browserOf(relay);
    const client = await handshaken(relay, 'ada');
    cleanups.push(async () => client.socket.close());
    await first.close();
    const back = backAfter(1_000, connect);
    const answer = await client.request('connect', { extension_id: first.id });
    expect(answer.result).toMatchObject({ extension_id: first.id });
    await back;
  });

  it.each(['id', 'name'] as const)('a request naming it by %s waits for it', async (by) => {
    const relay = await relayWith(10_000);
    const { first, connect } = await browserOf(relay);
    await first.close();
    const back = backAfter(1_000, connect);
    const response = await fetch(new URL('/tools', relay.url), {
      headers: {
        Authorization: `Bearer ${await relay.token('ada', 'client')}`,
        'X-Patchbay-Extension': by === 'id' ? first.id : 'Chromium',
      },
    });
    expect(response.status).toBe(200);
    await back;
  });
});

describe('when it does not come back in time, or must not be waited for', () => {
  it('after the grace period the request fails with 503, saying the browser may be restarting', async () => {
    const relay = await relayWith(1_000);
    const { first } = await browserOf(relay);
    await first.close();
    const pending = tools(relay);
    // It waits first (the grace period), then fails with the status a relay without one gives.
    await expect.poll(() => waiting(relay)).toBe(1);
    const response = await pending;
    expect(response.status).toBe(503);
    expect(JSON.stringify(await response.json())).toContain(
      'The browser left the relay and did not come back within 1 s: Patchbay in it may be restarting',
    );
    expect(await waiting(relay)).toBe(0);
  });

  it('a relay-protocol connect fails after the grace period', async () => {
    const relay = await relayWith(1_000);
    const { first } = await browserOf(relay);
    const client = await handshaken(relay, 'ada');
    cleanups.push(async () => client.socket.close());
    await first.close();
    const answer = await client.request('connect', { extension_id: first.id });
    expect(answer.error).toMatchObject({
      message: expect.stringMatching(/^The browser left the relay and did not come back/),
    });
  });

  it('with a grace period of 0, the request fails at once (503)', async () => {
    const relay = await relayWith(0);
    const { first, connect } = await browserOf(relay);
    await first.close();
    // Back a second later: a request that waited would be answered.
    const back = backAfter(1_000, connect);
    expect((await tools(relay)).status).toBe(503);
    await back;
  });

  it("another user's request does not wait for ada's browser", async () => {
    // A grace period past the test's own timeout: a request that waited would fail the test.
    const relay = await relayWith(120_000);
    const { first } = await browserOf(relay);
    await first.close();
    expect((await tools(relay, 'eve')).status).toBe(503);
  });

  it('a request naming another browser does not wait', async () => {
    const relay = await relayWith(120_000);
    const { first } = await browserOf(relay);
    await first.close();
    const response = await fetch(new URL('/tools', relay.url), {
      headers: {
        Authorization: `Bearer ${await relay.token('ada', 'client')}`,
        'X-Patchbay-Extension': 'Firefox',
      },
    });
    expect(response.status).toBe(404);
  });

  it('a user may have only so many requests waiting: the next fails at once', async () => {
    const relay = await relayWith(120_000, { maxWaitingPerUser: 1 });
    const { first, connect } = await browserOf(relay);
    await first.close();
    const waitingOne = tools(relay);
    await expect.poll(() => waiting(relay)).toBe(1);
    const refused = await tools(relay);
    expect(refused.status).toBe(503);
    // It did not wait, so it is not told that the browser did not come back in time.
    expect(JSON.stringify(await refused.json())).toContain('No browser is connected');
    await connect();
    expect((await waitingOne).status).toBe(200);
  });

  it('a client that gives up stops waiting', async () => {
    const relay = await relayWith(10_000);
    const { first } = await browserOf(relay);
    await first.close();
    const abort = new AbortController();
    const request = tools(relay, 'ada', abort.signal);
    await expect.poll(() => waiting(relay)).toBe(1);
    abort.abort();
    await expect(request).rejects.toThrow();
    await expect.poll(() => waiting(relay)).toBe(0);
  });

  it('a relay-protocol client that closes its socket stops waiting', async () => {
    const relay = await relayWith(10_000);
    const { first } = await browserOf(relay);
    const client = await handshaken(relay, 'ada');
    await first.close();
    void client.request('connect', { extension_id: first.id });
    await expect.poll(() => waiting(relay)).toBe(1);
    client.socket.close();
    await expect.poll(() => waiting(relay)).toBe(0);
  });
});
