/**
 * A token is good until it expires, not only at the door: the browser's socket, a client's
 * socket, 2025 Streamable HTTP sessions, legacy SSE streams and long 2026-07-28 exchanges end at
 * the token's `exp` (sockets with 4401 "Token expired"; HTTP with 401 for what comes after), by
 * timers that are cleaned up.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { whenExpired } from '../../src/access/tokens.js';
import { rawClient, startTestRelay, type TestRelay } from '../helpers.js';
import { httpClient, initializeBody, rawHttp } from '../http-clients.js';
import { connectStandIn, type StandIn } from '../stand-in-extension.js';

/**
 * Tokens' `exp` is in whole seconds: a "4s" token lives three to four seconds, time for a test to
 * open what it then watches end, on a machine busy with other suites (a "2s" token's one second
 * was not always enough).
 */
const SHORT = '4s';
const WAIT = { timeout: 8_000 };

let relay: TestRelay;
let browser: StandIn;

beforeEach(async () => {
  relay = await startTestRelay();
  browser = await connectStandIn({
    relayUrl: relay.url,
    token: await relay.token('ada', 'browser'),
  });
});
afterEach(async () => {
  await browser.close();
  await relay.close();
});

const closed = (socket: StandIn['socket']) =>
  new Promise<{ code: number; reason: string }>((resolve) =>
    socket.once('close', (code, reason) => resolve({ code, reason: String(reason) })),
  );

describe('at the token’s expiry', () => {
  it('closes the browser’s socket (4401 Token expired), and the browser is gone', async () => {
    const short = await connectStandIn({
      relayUrl: relay.url,
      token: await relay.token('ada', 'browser', SHORT),
      name: 'Short-lived',
    });
    expect(relay.local.size).toBe(2);
    await expect(closed(short.socket)).resolves.toEqual({ code: 4401, reason: 'Token expired' });
    await expect.poll(() => relay.local.size).toBe(1);
  });

  it('closes a relay-protocol client’s socket (4401 Token expired)', async () => {
    const client = await rawClient(relay.url);
    await client.request('mcp_handshake', {
      accessToken: await relay.token('ada', 'client', SHORT),
    });
    await client.request('connect', { extension_id: browser.id });
    await expect(client.closed).resolves.toEqual({ code: 4401, reason: 'Token expired' });
    // Its connection to the browser ended with it.
    await expect.poll(() => browser.dropped.length).toBe(1);
  });

  it('ends a 2025 Streamable HTTP session: its stream ends, what follows is 401', async () => {
    const token = await relay.token('ada', 'client', SHORT);
    const headers = {
      Authorization: `Bearer ${token}`,
      'Content-Type': 'application/json',
      Accept: 'application/json, text/event-stream',
    };
    const url = new URL('/mcp', relay.url).toString();
    const opened = await rawHttp(url, { method: 'POST', body: initializeBody(), headers });
    const session = opened.headers['mcp-session-id'] as string;
    expect(session).toBeTruthy();
    const stream = await fetch(url, {
      headers: { ...headers, 'Mcp-Session-Id': session, Accept: 'text/event-stream' },
    });
    expect(stream.status).toBe(200);
    const reader = stream.body!.getReader();
    // The session's GET stream ends (it would stay open otherwise).
    while (!(await reader.read()).done);
    await expect.poll(() => browser.dropped.length).toBe(1);
    const after = await rawHttp(url, {
      method: 'POST',
      body: JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'tools/list' }),
      headers: { ...headers, 'Mcp-Session-Id': session },
    });
    expect(after.status).toBe(401);
    expect(after.headers['www-authenticate']).toContain('invalid_token');
  });

  it('ends a legacy SSE stream with an error event; a later POST is 401', async () => {
    const token = await relay.token('ada', 'client', SHORT);
    const response = await fetch(new URL('/sse', relay.url), {
      headers: { Authorization: `Bearer ${token}`, Accept: 'text/event-stream' },
    });
    const reader = response.body!.getReader();
    let text = '';
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      text += new TextDecoder().decode(value);
    }
    expect(text).toContain('event: error\ndata: {"code":-32001,"message":"Token expired"}');
    await expect.poll(() => browser.dropped.length).toBe(1);
    const sessionId = response.headers.get('x-session-id');
    const post = await rawHttp(new URL(`/message?sessionId=${sessionId}`, relay.url).toString(), {
      method: 'POST',
      body: JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'tools/list' }),
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
    });
    expect(post.status).toBe(401);
  });

  it('ends a 2026-07-28 exchange still waiting for its answer with 401', async () => {
    const { client } = await httpClient({
      relayUrl: relay.url,
      token: await relay.token('ada', 'client', SHORT),
      era: 'modern',
    });
    try {
      await expect(
        client.callTool({ name: 'slow', arguments: { ms: 10_000 } }, { timeout: 8_000 }),
      ).rejects.toThrow(/401|Unauthorized|expired/i);
      // The browser was told the request is over.
      await expect.poll(() => browser.cancelled.length, WAIT).toBe(1);
    } finally {
      await client.close();
    }
  });
});

describe('whenExpired', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('waits out tokens longer than Node’s longest timer, and is cancelled', () => {
    vi.useFakeTimers();
    const now = Date.now();
    const days = (n: number) => n * 24 * 60 * 60_000;
    const expired = vi.fn();
    whenExpired({ user: 'ada', tokenId: 'a', expiresAt: now + days(30) }, expired);
    const cancelled = vi.fn();
    const cancel = whenExpired({ user: 'ada', tokenId: 'b', expiresAt: now + days(1) }, cancelled);
    cancel();
    vi.advanceTimersByTime(days(29));
    expect(expired).not.toHaveBeenCalled();
    vi.advanceTimersByTime(days(1));
    expect(expired).toHaveBeenCalledTimes(1);
    expect(cancelled).not.toHaveBeenCalled();
    expect(vi.getTimerCount()).toBe(0);
  });

  it('does nothing for claims without an expiry', () => {
    vi.useFakeTimers();
    const expired = vi.fn();
    whenExpired({ user: 'anonymous', tokenId: 'anonymous' }, expired);
    expect(vi.getTimerCount()).toBe(0);
  });
});
