/**
 * The compliance checks for the relay's HTTP endpoints (CORS, header casing, protocol versions,
 * error codes, sessions, DNS-rebinding protection), and bad input: each gets its specified
 * answer, and the relay keeps serving.
 */
import { describe, expect, it } from 'vitest';
import { SECRET } from '../helpers.js';
import { httpFixture, initializeBody, rawHttp, rpcErrorOf } from '../http-clients.js';
import { issueToken } from '../../src/access/tokens.js';

const http = httpFixture();
const { post, url } = http;
const errorOf = rpcErrorOf;

/** A 2026-07-28 request's body, with its envelope. */
const modernBody = (method: string, params: Record<string, unknown>) =>
  JSON.stringify({
    jsonrpc: '2.0',
    id: 5,
    method,
    params: {
      ...params,
      _meta: {
        'io.modelcontextprotocol/protocolVersion': '2026-07-28',
        'io.modelcontextprotocol/clientInfo': { name: 'raw', version: '1' },
        'io.modelcontextprotocol/clientCapabilities': {},
      },
    },
  });

/** A 2025 session's id, from a raw initialize. */
async function session(): Promise<string> {
  const answer = await post('/mcp', initializeBody());
  expect(answer.status).toBe(200);
  return answer.headers['mcp-session-id'] as string;
}

describe('CORS', () => {
  it.each(['/mcp', '/health', '/sse', '/message', '/tools', '/.well-known/mcp-config'])(
    'answers a preflight at %s with the MCP headers allowed and exposed',
    async (path) => {
      const answer = await rawHttp(url(path), {
        method: 'OPTIONS',
        headers: {
          Origin: 'chrome-extension://abcdefghijklmnopabcdefghijklmnop',
          'Access-Control-Request-Method': 'POST',
          'Access-Control-Request-Headers': 'content-type, mcp-session-id, mcp-protocol-version',
        },
      });
      expect(answer.status).toBe(204);
      expect(answer.headers['access-control-allow-origin']).toBe(
        'chrome-extension://abcdefghijklmnopabcdefghijklmnop',
      );
      expect(answer.headers['access-control-allow-methods']).toBe('GET, POST, DELETE, OPTIONS');
      for (const name of [
        'Content-Type',
        'Authorization',
        'Mcp-Session-Id',
        'MCP-Protocol-Version',
        'Mcp-Method',
        'Mcp-Name',
      ]) {
        expect(answer.headers['access-control-allow-headers']).toContain(name);
      }
      expect(answer.headers['access-control-expose-headers']).toContain('Mcp-Session-Id');
      expect(answer.headers['access-control-expose-headers']).toContain('MCP-Protocol-Version');
    },
  );

  it('exposes the MCP headers on answers too', async () => {
    const answer = await post('/mcp', initializeBody());
    expect(answer.headers['access-control-expose-headers']).toContain('Mcp-Session-Id');
  });
});

describe('sessions and headers', () => {
  it('writes Mcp-Session-Id in Title-Case and accepts it in any case', async () => {
    const answer = await post('/mcp', initializeBody());
    expect(answer.rawNames).toContain('Mcp-Session-Id');
    const id = answer.headers['mcp-session-id'] as string;
    const listed = await post(
      '/mcp',
      JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'tools/list' }),
      {
        'mcp-session-id': id,
        'mcp-protocol-version': '2025-11-25',
      },
    );
    expect(listed.status).toBe(200);
    expect(listed.body).toContain('"echo"');
  });

  it('accepts requests without a protocol-version header, and refuses an unsupported one with -32600', async () => {
    const id = await session();
    const without = await post('/mcp', JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'ping' }), {
      'Mcp-Session-Id': id,
    });
    expect(without.status).toBe(200);
    const unsupported = await post(
      '/mcp',
      JSON.stringify({ jsonrpc: '2.0', id: 3, method: 'ping' }),
      {
        'Mcp-Session-Id': id,
        'MCP-Protocol-Version': '1999-01-01',
      },
    );
    expect(unsupported.status).toBe(400);
    expect(errorOf(unsupported.body).code).toBe(-32600);
  });

  it('DELETE ends a session and is idempotent', async () => {
    const id = await session();
    const headers = { Authorization: `Bearer ${http.token}`, 'Mcp-Session-Id': id };
    expect((await rawHttp(url('/mcp'), { method: 'DELETE', headers })).status).toBe(200);
    expect((await rawHttp(url('/mcp'), { method: 'DELETE', headers })).status).toBe(200);
    const without = await rawHttp(url('/mcp'), {
      method: 'DELETE',
      headers: { Authorization: `Bearer ${http.token}` },
    });
    expect(without.status).toBe(200);
    const after = await post('/mcp', JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'ping' }), {
      'Mcp-Session-Id': id,
    });
    expect(after.status).toBe(404);
  });

  it('a request other than initialize needs a session', async () => {
    const answer = await post(
      '/mcp',
      JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'tools/list' }),
    );
    expect(answer.status).toBe(400);
    expect(errorOf(answer.body).message).toMatch(/Mcp-Session-Id/);
  });

  it('another user cannot use a session', async () => {
    const id = await session();
    const answer = await post(
      '/mcp',
      JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'tools/list' }),
      {
        'Mcp-Session-Id': id,
        Authorization: `Bearer ${await http.relay.token('eve', 'client')}`,
      },
    );
    expect(answer.status).toBe(404);
  });
});

describe('errors', () => {
  it.each(['PUT', 'PATCH'])('%s /mcp is -32601 with 405 and Allow', async (method) => {
    const answer = await rawHttp(url('/mcp'), {
      method,
      headers: { Authorization: `Bearer ${http.token}` },
    });
    expect(answer.status).toBe(405);
    expect(answer.headers.allow).toBe('GET, POST, DELETE');
    expect(errorOf(answer.body).code).toBe(-32601);
  });

  it.each([
    ['no Authorization', undefined, /Bearer <token>/],
    ['a Basic Authorization', 'Basic YWRhOnB3', /not "Bearer <token>"/],
    [
      'a forged token',
      'Bearer eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJhZGEifQ.c2lnbmF0dXJl',
      /Unauthorized/,
    ],
  ])('%s is 401 with -32001 and a challenge', async (_name, authorization, message) => {
    const answer = await rawHttp(url('/mcp'), {
      method: 'POST',
      body: initializeBody(),
      headers: {
        'Content-Type': 'application/json',
        ...(authorization ? { Authorization: authorization } : {}),
      },
    });
    expect(answer.status).toBe(401);
    expect(answer.rawNames).toContain('WWW-Authenticate');
    expect(answer.headers['www-authenticate']).toMatch(/^Bearer realm="patchbay-relay"/);
    expect(errorOf(answer.body)).toMatchObject({ code: -32001 });
    expect(errorOf(answer.body).message).toMatch(message);
  });

  it('an expired token is 401', async () => {
    const expired = await issueToken({ user: 'ada', role: 'client', secret: SECRET, ttl: '-1s' });
    const answer = await post('/mcp', initializeBody(), { Authorization: `Bearer ${expired}` });
    expect(answer.status).toBe(401);
    expect(answer.headers['www-authenticate']).toContain('invalid_token');
  });

  it.each([
    ['text/plain', 'hello', 415, -32000],
    ['application/json', '{"jsonrpc":', 400, -32700],
  ])('a %s body %j is %i', async (type, body, status, code) => {
    const answer = await post('/mcp', body, { 'Content-Type': type });
    expect(answer.status).toBe(status);
    expect(errorOf(answer.body).code).toBe(code);
  });

  it('a body over 1 MiB is 413', async () => {
    const answer = await post(
      '/mcp',
      JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        method: 'ping',
        params: { pad: 'x'.repeat(1_100_000) },
      }),
    );
    expect(answer.status).toBe(413);
  });

  it('an unknown path is 404', async () => {
    expect((await rawHttp(url('/nothing'))).status).toBe(404);
  });

  it('a web page on another origin is refused before anything else (DNS rebinding)', async () => {
    const answer = await post('/mcp', initializeBody(), { Origin: 'https://evil.example' });
    expect(answer.status).toBe(403);
    const host = await post('/mcp', initializeBody(), { Host: 'evil.example' });
    expect(host.status).toBe(403);
  });

  it('a page on loopback may call a loopback relay (as the SDK’s localhost check allows)', async () => {
    const answer = await post('/mcp', initializeBody(), { Origin: http.relay.url });
    expect(answer.status).toBe(200);
  });

  it.each([
    [{}, /Mcp-Method header is absent/],
    [{ 'Mcp-Method': 'tools/call' }, /Mcp-Name header is absent/],
    [{ 'Mcp-Method': 'tools/call', 'Mcp-Name': 'other' }, /Mcp-Name header names "other"/],
  ])(
    'a 2026-07-28 request whose headers %j disagree with its body is 400, -32020',
    async (headers, message) => {
      const body = modernBody('tools/call', { name: 'echo', arguments: { text: 'x' } });
      const answer = await post('/mcp', body, { 'MCP-Protocol-Version': '2026-07-28', ...headers });
      expect(answer.status).toBe(400);
      expect(errorOf(answer.body)).toMatchObject({ code: -32020 });
      expect(errorOf(answer.body).message).toMatch(message);
    },
  );

  it('a 2026-07-28 request for a method the browser lacks is 404, -32601, as served directly', async () => {
    const answer = await post('/mcp', modernBody('nothing/here', {}), {
      'MCP-Protocol-Version': '2026-07-28',
      'Mcp-Method': 'nothing/here',
    });
    expect(answer.status).toBe(404);
    expect(errorOf(answer.body)).toMatchObject({ code: -32601 });
  });

  it('POST /message needs a known session of the same user', async () => {
    expect((await post('/message', '{"jsonrpc":"2.0","id":1,"method":"ping"}')).status).toBe(400);
    expect(
      (await post('/message?sessionId=nope', '{"jsonrpc":"2.0","id":1,"method":"ping"}')).status,
    ).toBe(404);
  });
});
