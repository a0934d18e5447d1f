/**
 * Which browser an HTTP request reaches, and the discovery endpoints (`/tools`,
 * `/.well-known/mcp-config`, the legacy stream's first events).
 */
import { describe, expect, it } from 'vitest';
import { httpFixture, initializeBody, rawHttp, rpcErrorOf } from '../http-clients.js';
import { connectStandIn } from '../stand-in-extension.js';

const http = httpFixture();
const { post, url } = http;
const errorOf = rpcErrorOf;

describe('which browser', () => {
  it('names one by header or query among several; without a name, several is an error', async () => {
    const second = await connectStandIn({
      relayUrl: http.relay.url,
      token: http.browserToken,
      name: 'Edge',
    });
    try {
      const ambiguous = await post('/mcp', initializeBody());
      expect(ambiguous.status).toBe(400);
      expect(errorOf(ambiguous.body).message).toMatch(/2 browsers are connected/);
      expect(
        (await post('/mcp', initializeBody(), { 'X-Patchbay-Extension': 'Edge' })).status,
      ).toBe(200);
      expect((await post(`/mcp?extension=${second.id}`, initializeBody())).status).toBe(200);
      expect(
        (await post('/mcp', initializeBody(), { 'X-Patchbay-Extension': 'Safari' })).status,
      ).toBe(404);
    } finally {
      await second.close();
    }
  });

  it('a user with no browser connected gets 503; another user’s browser is not found', async () => {
    const eve = { Authorization: `Bearer ${await http.relay.token('eve', 'client')}` };
    expect((await post('/mcp', initializeBody(), eve)).status).toBe(503);
    const named = await post('/mcp', initializeBody(), {
      ...eve,
      'X-Patchbay-Extension': http.browser.id,
    });
    expect(named.status).toBe(404);
  });
});

describe('discovery', () => {
  it('GET /tools lists the browser’s tools', async () => {
    const answer = await rawHttp(url('/tools'), {
      headers: { Authorization: `Bearer ${http.token}` },
    });
    expect(answer.status).toBe(200);
    const { tools } = JSON.parse(answer.body) as {
      tools: { name: string; inputSchema: unknown }[];
    };
    expect(tools.map((tool) => tool.name).sort()).toEqual(['ask', 'echo', 'slow', 'whoami']);
    expect(tools.find((tool) => tool.name === 'echo')?.inputSchema).toMatchObject({
      type: 'object',
    });
  });

  it.each(['/.well-known/mcp-config', '/mcp/.well-known/mcp-config'])(
    '%s describes the relay',
    async (path) => {
      const answer = await rawHttp(url(path));
      expect(answer.status).toBe(200);
      expect(JSON.parse(answer.body)).toMatchObject({
        schemaVersion: '1.0',
        name: 'patchbay-relay',
        capabilities: { tools: true },
      });
    },
  );

  it('the legacy stream starts with its endpoint, then pings', async () => {
    const abort = new AbortController();
    const response = await fetch(url('/sse'), {
      headers: { Authorization: `Bearer ${http.token}`, Accept: 'text/event-stream' },
      signal: abort.signal,
    });
    expect(response.headers.get('content-type')).toBe('text/event-stream');
    const reader = response.body!.getReader();
    const first = new TextDecoder().decode((await reader.read()).value);
    const sessionId = response.headers.get('x-session-id');
    expect(first).toBe(`event: endpoint\ndata: /message?sessionId=${sessionId}\n\n`);
    const next = new TextDecoder().decode((await reader.read()).value);
    expect(next).toMatch(/^event: ping\ndata: \{"timestamp":\d+\}\n\n$/);
    abort.abort();
  });
});
