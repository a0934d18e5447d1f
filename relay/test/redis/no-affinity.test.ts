/**
 * Three relay processes on one real redis-server behind a round-robin proxy (every request,
 * SSE GET and WebSocket upgrade to the next instance, no affinity) and a browser on the first:
 * 2025 Streamable HTTP sessions, legacy HTTP+SSE, 2026-07-28 requests and relay-protocol
 * WebSocket clients all work, and a session still answers only its own token on every instance.
 */
import { Client } from '@modelcontextprotocol/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RelayClientTransport } from '../../src/clients/client-transport.js';
import { issueToken, type Role } from '../../src/access/tokens.js';
import { httpClient, initializeBody, rawHttp, rpcErrorOf } from '../http-clients.js';
import {
  SECRET,
  startRedis,
  startRelayProcess,
  type RedisServer,
  type RelayProcess,
} from '../processes.js';
import { startRoundRobinProxy, type RoundRobinProxy } from '../round-robin-proxy.js';
import { connectStandIn, type StandIn } from '../stand-in-extension.js';

let redis: RedisServer;
let instances: RelayProcess[];
let proxy: RoundRobinProxy;
let browser: StandIn;
const token = (user: string, role: Role = 'client') => issueToken({ user, role, secret: SECRET });
const text = (result: unknown) => (result as { content: { text: string }[] }).content[0]?.text;

beforeAll(async () => {
  redis = await startRedis();
  const args = ['--redis', redis.url, '--presence-ttl', '2'];
  instances = await Promise.all([0, 1, 2].map(() => startRelayProcess(args)));
  proxy = await startRoundRobinProxy(instances.map((each) => each.url));
  browser = await connectStandIn({
    relayUrl: instances[0]!.url,
    token: await token('ada', 'browser'),
  });
});
afterAll(async () => {
  await browser?.close();
  await proxy?.close();
  await Promise.all((instances ?? []).map((each) => each.stop()));
  await redis?.stop();
});

/** Calls enough tools that every instance of the three answers some. */
async function callsThroughEveryInstance(client: Client): Promise<void> {
  const before = proxy.routed.length;
  for (let index = 0; index < 6; index += 1) {
    const said = `call ${index}`;
    expect(text(await client.callTool({ name: 'echo', arguments: { text: said } }))).toBe(said);
  }
  expect(text(await client.callTool({ name: 'slow', arguments: { ms: 5 } }))).toBe('waited 5 ms');
  expect(new Set(proxy.routed.slice(before))).toEqual(new Set([0, 1, 2]));
}

describe('three instances behind a round-robin proxy', () => {
  it.each([
    {
      name: '2025 Streamable HTTP session',
      era: 'legacy' as const,
      transport: 'streamable' as const,
    },
    { name: 'legacy HTTP+SSE', era: 'legacy' as const, transport: 'sse' as const },
    { name: '2026-07-28 requests', era: 'modern' as const, transport: 'streamable' as const },
  ])('a $name works without affinity', async (kind) => {
    const { client } = await httpClient({
      relayUrl: proxy.url,
      token: await token('ada'),
      ...kind,
    });
    try {
      const { tools } = await client.listTools();
      expect(tools.map((tool) => tool.name)).toContain('echo');
      await callsThroughEveryInstance(client);
    } finally {
      await client.close();
    }
  });

  it('relay-protocol WebSocket clients work, whichever instance the upgrade reaches', async () => {
    const clients: Client[] = [];
    try {
      for (let index = 0; index < 3; index += 1) {
        const transport = new RelayClientTransport({
          url: proxy.url,
          accessToken: await token('ada'),
        });
        const client = new Client({ name: 'no-affinity', version: '1.0.0' });
        await client.connect(transport);
        clients.push(client);
        expect(
          text(await client.callTool({ name: 'echo', arguments: { text: `ws ${index}` } })),
        ).toBe(`ws ${index}`);
      }
    } finally {
      for (const client of clients) await client.close();
    }
  });

  it('a 2025 session answers its own token on every instance, and 404 to another token of the user', async () => {
    const own = await token('ada');
    const other = await token('ada');
    const opened = await rawHttp(`${instances[1]!.url}/mcp`, {
      method: 'POST',
      body: initializeBody(),
      headers: {
        Authorization: `Bearer ${own}`,
        'Content-Type': 'application/json',
        Accept: 'application/json, text/event-stream',
      },
    });
    expect(opened.status).toBe(200);
    const sessionId = String(opened.headers['mcp-session-id']);
    const list = (bearer: string, url: string) =>
      rawHttp(`${url}/mcp`, {
        method: 'POST',
        body: JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'tools/list', params: {} }),
        headers: {
          Authorization: `Bearer ${bearer}`,
          'Content-Type': 'application/json',
          Accept: 'application/json, text/event-stream',
          'Mcp-Session-Id': sessionId,
          'MCP-Protocol-Version': '2025-11-25',
        },
      });
    for (const instance of instances) {
      const refused = await list(other, instance.url);
      expect(refused.status).toBe(404);
      expect(rpcErrorOf(refused.body).message).toMatch(/Session not found/);
      const answered = await list(own, instance.url);
      expect(answered.status).toBe(200);
      expect(answered.body).toContain('"echo"');
    }
  });

  it('a legacy SSE session takes posts on every instance from its own token only', async () => {
    const own = await token('ada');
    const other = await token('ada');
    const stream = await fetch(`${instances[2]!.url}/sse`, {
      headers: { Authorization: `Bearer ${own}` },
    });
    const reader = stream.body!.pipeThrough(new TextDecoderStream()).getReader();
    let seen = '';
    const until = async (pattern: RegExp) => {
      while (!pattern.test(seen)) {
        const { value, done } = await reader.read();
        if (done) throw new Error(`the stream ended before ${pattern}`);
        seen += value;
      }
      return pattern.exec(seen)!;
    };
    const endpoint = (await until(/event: endpoint\ndata: (\S+)\n/))[1]!;
    const post = (bearer: string, url: string, body: object) =>
      rawHttp(`${url}${endpoint}`, {
        method: 'POST',
        body: JSON.stringify({ jsonrpc: '2.0', ...body }),
        headers: { Authorization: `Bearer ${bearer}`, 'Content-Type': 'application/json' },
      });
    try {
      const initialize = JSON.parse(initializeBody(0)) as object;
      expect((await post(own, instances[0]!.url, initialize)).status).toBe(202);
      await until(/"result".*"id":0}/);
      const initialized = { method: 'notifications/initialized' };
      expect((await post(own, instances[1]!.url, initialized)).status).toBe(202);
      for (const [index, instance] of instances.entries()) {
        const id = index + 1;
        const ping = { id, method: 'ping' };
        expect((await post(other, instance.url, { ...ping, id: 100 + id })).status).toBe(404);
        expect((await post(own, instance.url, ping)).status).toBe(202);
        await until(new RegExp(`"result":\\{\\},"jsonrpc":"2.0","id":${id}}`));
      }
      expect(seen).not.toMatch(/"id":10\d/);
      // Progress comes through the stream before the answer, whichever instance took the post.
      const call = { id: 9, method: 'tools/call' };
      const params = { name: 'slow', arguments: { ms: 5 }, _meta: { progressToken: 'p' } };
      expect((await post(own, instances[1]!.url, { ...call, params })).status).toBe(202);
      await until(
        /notifications\/progress[^\n]*"progressToken":"p"[\s\S]*"waited 5 ms"[^\n]*"id":9}/,
      );
    } finally {
      await reader.cancel();
    }
  });
});

describe('an instance holding sessions is killed', () => {
  it('its sessions answer a clear error on the survivors, and a new session works', async () => {
    const own = await token('ada');
    const headers = {
      Authorization: `Bearer ${own}`,
      'Content-Type': 'application/json',
      Accept: 'application/json, text/event-stream',
    };
    const opened = await rawHttp(`${instances[2]!.url}/mcp`, {
      method: 'POST',
      body: initializeBody(),
      headers,
    });
    const sessionId = String(opened.headers['mcp-session-id']);
    await instances[2]!.stop('SIGKILL');
    const answer = await rawHttp(`${instances[0]!.url}/mcp`, {
      method: 'POST',
      body: JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'tools/list', params: {} }),
      headers: { ...headers, 'Mcp-Session-Id': sessionId, 'MCP-Protocol-Version': '2025-11-25' },
    });
    // Noticed at once when its key expired (404), while the request was on its way (502), or
    // when nothing listened on its channel while its key lived on (503, try again).
    expect([404, 502, 503]).toContain(answer.status);
    expect(rpcErrorOf(answer.body).message).toMatch(
      answer.status === 503
        ? /relay instance holding this session cannot be reached/
        : /relay instance holding it stopped/,
    );
    const again = await rawHttp(`${instances[1]!.url}/mcp`, {
      method: 'POST',
      body: initializeBody(),
      headers,
    });
    expect(again.status).toBe(200);
  });
});
