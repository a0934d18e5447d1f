/**
 * HTTP sessions belong to the token that opened them, not only to its user: another token of the
 * same user that learns a session id (2025 Streamable HTTP `Mcp-Session-Id`, legacy SSE
 * `sessionId`) gets 404, as for an unknown session, and the log never shows a session id whole.
 */
import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { logTag } from '../../src/monitoring/log.js';
import { ISSUER } from '../../src/access/tokens.js';
import { SECRET } from '../helpers.js';
import { httpFixture, initializeBody, rawHttp, rpcErrorOf } from '../http-clients.js';

const http = httpFixture();
const { post, url } = http;
const listTools = JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'tools/list' });

describe('a session and its token', () => {
  it('a 2025 Streamable HTTP session answers only its own token', async () => {
    const opened = await post('/mcp', initializeBody());
    const session = opened.headers['mcp-session-id'] as string;
    const sibling = await http.relay.token('ada', 'client');
    const stolen = await post('/mcp', listTools, {
      'Mcp-Session-Id': session,
      Authorization: `Bearer ${sibling}`,
    });
    expect(stolen.status).toBe(404);
    expect(rpcErrorOf(stolen.body).message).toMatch(/Session not found/);
    // Nor can the other token end it.
    const deleted = await rawHttp(url('/mcp'), {
      method: 'DELETE',
      headers: { Authorization: `Bearer ${sibling}`, 'Mcp-Session-Id': session },
    });
    expect(deleted.status).toBe(200);
    expect((await post('/mcp', listTools, { 'Mcp-Session-Id': session })).status).toBe(200);
  });

  it('a session opened with a token without an id answers that token alone, not its user’s others', async () => {
    const withoutId = (text: string) =>
      new SignJWT({ role: 'client', note: text })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject('ada')
        .setIssuer(ISSUER)
        .setExpirationTime('1h')
        .sign(new TextEncoder().encode(SECRET));
    const own = await withoutId('first');
    const opened = await post('/mcp', initializeBody(), { Authorization: `Bearer ${own}` });
    expect(opened.status).toBe(200);
    const session = opened.headers['mcp-session-id'] as string;
    const sibling = await withoutId('second');
    const stolen = await post('/mcp', listTools, {
      'Mcp-Session-Id': session,
      Authorization: `Bearer ${sibling}`,
    });
    expect(stolen.status).toBe(404);
    const again = await post('/mcp', listTools, {
      'Mcp-Session-Id': session,
      Authorization: `Bearer ${own}`,
    });
    expect(again.status).toBe(200);
  });

  it('a legacy SSE session takes messages only with its own token', async () => {
    const abort = new AbortController();
    const response = await fetch(url('/sse'), {
      headers: { Authorization: `Bearer ${http.token}`, Accept: 'text/event-stream' },
      signal: abort.signal,
    });
    try {
      const sessionId = response.headers.get('x-session-id')!;
      const sibling = await http.relay.token('ada', 'client');
      const path = `/message?sessionId=${sessionId}`;
      const stolen = await post(path, listTools, { Authorization: `Bearer ${sibling}` });
      expect(stolen.status).toBe(404);
      expect((await post(path, listTools)).status).toBe(202);
    } finally {
      abort.abort();
    }
  });

  it('the log names sessions by a short hash, never by their id', async () => {
    const opened = await post('/mcp', initializeBody());
    const session = opened.headers['mcp-session-id'] as string;
    const abort = new AbortController();
    const response = await fetch(url('/sse'), {
      headers: { Authorization: `Bearer ${http.token}`, Accept: 'text/event-stream' },
      signal: abort.signal,
    });
    const sseSession = response.headers.get('x-session-id')!;
    abort.abort();
    await rawHttp(url('/mcp'), {
      method: 'DELETE',
      headers: { Authorization: `Bearer ${http.token}`, 'Mcp-Session-Id': session },
    });
    await expect
      .poll(() => http.relay.logs.some((line) => line.includes('"sse.closed"')))
      .toBe(true);
    const logs = http.relay.logs.join('');
    for (const id of [session, sseSession]) {
      expect(logs).not.toContain(id);
      expect(logs).toContain(`"session":"${logTag(id)}"`);
    }
  });
});
