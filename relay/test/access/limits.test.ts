/**
 * What one peer may cost the relay: small frames until a socket authenticated (and, from an
 * extension, nothing but the answer to authenticate before then); per user, so many client
 * sockets, legacy SSE streams, 2025 sessions and HTTP requests a second.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { RateLimitPerUser } from '../../src/access/rate-limit.js';
import { handshaken, rawClient, startTestRelay, type TestRelay } from '../helpers.js';
import { initializeBody, rawHttp, rpcErrorOf } from '../http-clients.js';
import { connectStandIn, type StandIn } from '../stand-in-extension.js';

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup().catch(() => undefined);
});

async function relayWith(options: Parameters<typeof startTestRelay>[0] = {}): Promise<TestRelay> {
  const relay = await startTestRelay(options);
  cleanups.push(() => relay.close());
  return relay;
}

async function browserOf(relay: TestRelay, user = 'alice'): Promise<StandIn> {
  const browser = await connectStandIn({
    relayUrl: relay.url,
    token: await relay.token(user, 'browser'),
  });
  cleanups.push(() => browser.close());
  return browser;
}

const KIB = 1024;
const pad = (bytes: number) => 'x'.repeat(bytes);

describe('before a socket authenticated', () => {
  it('an extension may send no frame over 64 KiB, even with a good token (1009)', async () => {
    const relay = await relayWith();
    const extension = await rawClient(relay.url, '/extension');
    await expect.poll(() => extension.notifications.length).toBe(1); // authenticate
    extension.socket.send(
      JSON.stringify({
        jsonrpc: '2.0',
        id: 'proxy:1',
        result: { name: pad(100 * KIB), accessToken: await relay.token('alice', 'browser') },
      }),
    );
    await expect(extension.closed).resolves.toMatchObject({ code: 1009 });
    expect(relay.local.size).toBe(0);
    const health = await fetch(`${relay.url}/health`);
    expect(health.status).toBe(200);
  });

  it.each([
    [
      'a notification',
      JSON.stringify({ jsonrpc: '2.0', method: 'notifications/patchbay/heartbeat' }),
    ],
    ['a request', JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' })],
    ['an answer to something else', JSON.stringify({ jsonrpc: '2.0', id: 'x', result: {} })],
    ['text that is not JSON', '{oops'],
    ['a binary frame', Buffer.from('{}')],
  ])('an extension sending %s instead of its answer is closed (4400)', async (_case, frame) => {
    const relay = await relayWith();
    const extension = await rawClient(relay.url, '/extension');
    extension.socket.send(frame);
    await expect(extension.closed).resolves.toEqual({
      code: 4400,
      reason: 'Expected the answer to authenticate',
    });
  });

  it('an extension sending anything right behind its answer is closed, and never listed', async () => {
    const relay = await relayWith();
    const extension = await rawClient(relay.url, '/extension');
    const answer = { name: 'Chromium', accessToken: await relay.token('alice', 'browser') };
    extension.socket.send(JSON.stringify({ jsonrpc: '2.0', id: 'proxy:1', result: answer }));
    extension.socket.send(JSON.stringify({ jsonrpc: '2.0', method: 'notifications/x' }));
    await expect(extension.closed).resolves.toMatchObject({ code: 4400 });
    const client = await handshaken(relay, 'alice');
    await expect(client.request('list_extensions')).resolves.toMatchObject({
      result: { extensions: [] },
    });
    expect(relay.local.size).toBe(0);
  });

  it('a client may send no frame over 64 KiB before its handshake; after it, up to 1 MiB', async () => {
    const relay = await relayWith();
    const early = await rawClient(relay.url);
    early.socket.send(
      JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        method: 'list_extensions',
        params: { pad: pad(100 * KIB) },
      }),
    );
    await expect(early.closed).resolves.toMatchObject({ code: 1009 });
    const client = await handshaken(relay, 'alice');
    await expect(client.request('list_extensions', { pad: pad(512 * KIB) })).resolves.toMatchObject(
      { result: { extensions: [] } },
    );
  });
});

describe('after an extension authenticated', () => {
  it('its frames may be large again (16 MiB)', async () => {
    const relay = await relayWith();
    const browser = await browserOf(relay);
    const client = await handshaken(relay, 'alice');
    await client.request('connect', { extension_id: browser.id });
    const data = pad(2 * 1024 * KIB);
    browser.socket.send(
      JSON.stringify({
        jsonrpc: '2.0',
        method: 'notifications/message',
        params: { level: 'info', data },
      }),
    );
    await expect
      .poll(() => client.notifications.find((each) => each.method === 'notifications/message'))
      .toMatchObject({ params: { data } });
    expect(browser.socket.readyState).toBe(browser.socket.OPEN);
  });
});

describe('per user', () => {
  it('so many relay-protocol client sockets at once; the next is refused (4429)', async () => {
    const relay = await relayWith({ maxClientSocketsPerUser: 2 });
    const first = await handshaken(relay, 'alice');
    await handshaken(relay, 'alice');
    const third = await rawClient(relay.url);
    await expect(
      third.request('mcp_handshake', { accessToken: await relay.token('alice', 'client') }),
    ).resolves.toMatchObject({ error: { code: -32000, message: /Too many connections/ } });
    await expect(third.closed).resolves.toEqual({ code: 4429, reason: 'Too many connections' });
    // Others are not counted against her, and a socket she closes makes room.
    await handshaken(relay, 'bob');
    first.socket.close();
    await first.closed;
    await expect
      .poll(async () => {
        const again = await rawClient(relay.url);
        const answer = await again.request('mcp_handshake', {
          accessToken: await relay.token('alice', 'client'),
        });
        again.socket.close();
        return answer.result;
      })
      .toMatchObject({ authenticated: true });
  });

  it('so many legacy SSE streams at once; the next is 429', async () => {
    const relay = await relayWith({ maxSseStreamsPerUser: 2 });
    await browserOf(relay);
    await browserOf(relay, 'bob');
    const open = async (user: string) => {
      const controller = new AbortController();
      cleanups.push(async () => controller.abort());
      const response = await fetch(`${relay.url}/sse`, {
        headers: { Authorization: `Bearer ${await relay.token(user, 'client')}` },
        signal: controller.signal,
      });
      return { response, controller };
    };
    const first = await open('alice');
    expect(first.response.status).toBe(200);
    expect((await open('alice')).response.status).toBe(200);
    const third = await open('alice');
    expect(third.response.status).toBe(429);
    expect(await third.response.json()).toEqual({
      jsonrpc: '2.0',
      id: null,
      error: { code: -32000, message: expect.stringMatching(/Too many streams/) },
    });
    expect((await open('bob')).response.status).toBe(200);
    first.controller.abort();
    await expect
      .poll(async () => {
        const again = await open('alice');
        again.controller.abort();
        return again.response.status;
      })
      .toBe(200);
  });

  it('so many HTTP requests a second: beyond, 429 with Retry-After and a JSON-RPC error', async () => {
    const relay = await relayWith({ httpRequestsPerSecond: 5 });
    const alice = await relay.token('alice', 'client');
    const request = (token = alice) =>
      rawHttp(`${relay.url}/mcp`, {
        method: 'DELETE', // a session-less DELETE: 200, and nothing else happens
        headers: { Authorization: `Bearer ${token}` },
      });
    const started = performance.now();
    const answers = await Promise.all(Array.from({ length: 30 }, () => request()));
    const seconds = (performance.now() - started) / 1000;
    const limited = answers.filter((answer) => answer.status === 429);
    // Ten at once (twice the rate), then five a second as it refills, for as long as the thirty
    // took to arrive (a busy machine may spread them over a second or more).
    const allowed = answers.length - limited.length;
    expect(allowed).toBeGreaterThanOrEqual(10);
    expect(allowed).toBeLessThanOrEqual(10 + Math.ceil(5 * seconds));
    expect(limited.length).toBeGreaterThan(0);
    expect(Number(limited[0]!.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(limited[0]!.headers['access-control-expose-headers']).toContain('Retry-After');
    expect(JSON.parse(limited[0]!.body)).toEqual({
      jsonrpc: '2.0',
      id: null,
      error: { code: -32000, message: expect.stringMatching(/^Rate limit exceeded/) },
    });
    // Another user's requests are counted apart.
    expect((await request(await relay.token('bob', 'client'))).status).toBe(200);
  });

  it('so many 2025 sessions (64): one more ends the least recently used', async () => {
    const relay = await relayWith({ httpRequestsPerSecond: 1000 });
    await browserOf(relay);
    const token = await relay.token('alice', 'client');
    const headers = {
      Authorization: `Bearer ${token}`,
      'Content-Type': 'application/json',
      Accept: 'application/json, text/event-stream',
    };
    const sessions: string[] = [];
    for (let index = 0; index < 65; index += 1) {
      const answer = await rawHttp(`${relay.url}/mcp`, {
        method: 'POST',
        headers,
        body: initializeBody(),
      });
      sessions.push(answer.headers['mcp-session-id'] as string);
    }
    const ping = (session: string) =>
      rawHttp(`${relay.url}/mcp`, {
        method: 'POST',
        headers: { ...headers, 'Mcp-Session-Id': session },
        body: JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'ping' }),
      });
    const oldest = await ping(sessions[0]!);
    expect(oldest.status).toBe(404);
    expect(rpcErrorOf(oldest.body).message).toMatch(/Session not found/);
    expect((await ping(sessions[64]!)).status).toBe(200);
  });
});

describe('the per-user request rate', () => {
  it('lets a user burst twice the rate, says how long to wait, and refills', () => {
    const clock = { now: 0 };
    const rate = new RateLimitPerUser(5, () => clock.now);
    const waits = Array.from({ length: 11 }, () => rate.take('alice'));
    expect(waits.slice(0, 10)).toEqual(Array(10).fill(0));
    expect(waits[10]).toBe(200); // one request's worth at 5 a second
    expect(rate.take('bob')).toBe(0);
    clock.now += 200;
    expect(rate.take('alice')).toBe(0);
    expect(rate.take('alice')).toBe(200);
    // A minute later everyone's bucket is full again, and forgotten: a full burst each.
    clock.now += 60_000;
    expect(Array.from({ length: 10 }, () => rate.take('alice'))).toEqual(Array(10).fill(0));
  });
});
