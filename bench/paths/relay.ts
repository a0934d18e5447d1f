/**
 * The relay under load: many MCP clients on the relay protocol, each making sequential
 * `tools/call`s to a stand-in browser, through one relay process and through two sharing a real
 * Redis (client on one, browser on the other). The floor: the same clients making the same calls
 * to the same MCP servers over WebSocket directly, with no relay in between. Reports p50 and p99
 * of each call's round trip.
 */
import { once } from 'node:events';
import { performance } from 'node:perf_hooks';
import type { JSONRPCMessage } from '@modelcontextprotocol/server';
import { serveStdio } from '@modelcontextprotocol/server/stdio';
import { WebSocket, WebSocketServer } from 'ws';
import { issueToken } from '../../relay/src/tokens';
import { startRedis, startRelayProcess, SECRET } from '../../relay/test/processes';
import { connectStandIn, standInServer } from '../../relay/test/stand-in-extension';
import type { Row } from '../lib/stats';

interface Load {
  clients: number;
  calls: number;
}

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

/** One client: a socket, its pending answers by id, and the calls it times. */
async function runClient(url: string, relayed: { token: string } | undefined, calls: number) {
  const socket = new WebSocket(url);
  await once(socket, 'open');
  let next = 0;
  const waiting = new Map<number, (message: Record<string, unknown>) => void>();
  socket.on('message', (data) => {
    const message = JSON.parse(String(data)) as Record<string, unknown>;
    if (typeof message.id === 'number') waiting.get(message.id)?.(message);
  });
  const request = (method: string, params: unknown) =>
    new Promise<Record<string, unknown>>((resolve) => {
      const id = (next += 1);
      waiting.set(id, resolve);
      socket.send(JSON.stringify({ jsonrpc: '2.0', id, method, params }));
    });
  if (relayed) {
    await request('mcp_handshake', { accessToken: relayed.token });
    const listed = (await request('list_extensions', {})).result as {
      extensions: { id: string }[];
    };
    await request('connect', { extension_id: listed.extensions[0]!.id });
  }
  await request('initialize', {
    protocolVersion: '2025-11-25',
    capabilities: {},
    clientInfo: { name: 'bench', version: '1' },
  });
  socket.send(JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' }));
  const times: number[] = [];
  for (let call = 0; call < calls; call += 1) {
    const start = performance.now();
    const answer = await request('tools/call', {
      name: 'echo',
      arguments: { text: `call ${call}` },
    });
    if (!answer.result) throw new Error(`a call failed: ${JSON.stringify(answer)}`);
    times.push(performance.now() - start);
  }
  socket.close();
  return times;
}

async function underLoad(url: string, relayed: { token: string } | undefined, load: Load) {
  const all = await Promise.all(
    Array.from({ length: load.clients }, () => runClient(url, relayed, load.calls)),
  );
  const times = all.flat();
  return { p50: percentile(times, 50), p99: percentile(times, 99) };
}

/** The stand-in's MCP servers over WebSocket, one per socket, without a relay. */
async function directServer() {
  const server = new WebSocketServer({ host: '127.0.0.1', port: 0 });
  await once(server, 'listening');
  server.on('connection', (socket) => {
    const transport = {
      onmessage: undefined as ((message: JSONRPCMessage) => void) | undefined,
      async start() {},
      async close() {},
      async send(message: JSONRPCMessage) {
        socket.send(JSON.stringify(message));
      },
    };
    const handle = serveStdio(() => standInServer('direct', []), { transport });
    socket.on('message', (data) => transport.onmessage?.(JSON.parse(String(data))));
    socket.on('close', () => void handle.close());
  });
  const { port } = server.address() as { port: number };
  return { url: `ws://127.0.0.1:${port}`, close: () => server.close() };
}

export async function measureRelay(load: Load): Promise<Row[]> {
  const label = `${load.clients} clients × ${load.calls} calls`;
  const token = await issueToken({ user: 'bench', role: 'client', secret: SECRET });
  const browserToken = await issueToken({ user: 'bench', role: 'browser', secret: SECRET });
  const direct = await directServer();
  const redis = await startRedis();
  const single = await startRelayProcess(['--log-level', 'warn']);
  const pair = await Promise.all(
    [0, 1].map(() => startRelayProcess(['--redis', redis.url, '--log-level', 'warn'])),
  );
  const browsers = await Promise.all(
    [single.url, pair[0]!.url].map((relayUrl) => connectStandIn({ relayUrl, token: browserToken })),
  );
  const wsUrl = (httpUrl: string) => `${httpUrl.replace(/^http/, 'ws')}/mcp`;
  try {
    const floor = await underLoad(direct.url, undefined, load);
    const one = await underLoad(wsUrl(single.url), { token }, load);
    const two = await underLoad(wsUrl(pair[1]!.url), { token }, load);
    const rows: Row[] = [];
    for (const [name, figures] of [
      ['one relay', one],
      ['two relays and Redis', two],
    ] as const) {
      rows.push(
        {
          measure: `Relay: tools/call p50 through ${name} (${label})`,
          value: figures.p50,
          unit: 'ms',
          floor: { value: floor.p50, label: 'the same calls without the relay' },
          goal: 4,
          note:
            name === 'one relay'
              ? 'relay-protocol clients on loopback to a stand-in browser serving MCP with the SDK; all clients at once.'
              : undefined,
        },
        {
          measure: `Relay: tools/call p99 through ${name} (${label})`,
          value: figures.p99,
          unit: 'ms',
          floor: { value: floor.p99, label: 'the same calls without the relay' },
        },
      );
    }
    return rows;
  } finally {
    await Promise.all(browsers.map((browser) => browser.close()));
    await Promise.all([single, ...pair].map((relay) => relay.stop()));
    await redis.stop();
    direct.close();
  }
}
