/**
 * The relay under load: many MCP clients on the relay protocol, each making sequential
 * `tools/call`s to a stand-in browser, through one relay process and through two sharing a real
 * Redis (client on one, browser on the other). The floor: the same clients making the same calls
 * to the same MCP servers over WebSocket directly, with no relay in between. Every client is set
 * up first (socket, handshake, connect, initialize; timed on their own), then all call at once:
 * the calls' p50 and p99 are the steady state, not the set-ups of other clients. Each figure is
 * the median of ten rounds after one not counted, the three ways interleaved. The relays' own CPU time (their
 * `process_cpu_seconds_total`) is reported per 1,000 calls.
 */
import { once } from 'node:events';
import { performance } from 'node:perf_hooks';
import type { JSONRPCMessage } from '@modelcontextprotocol/server';
import { serveStdio } from '@modelcontextprotocol/server/stdio';
import { WebSocket, WebSocketServer } from 'ws';
import { issueToken } from '../../relay/src/access/tokens';
import { startRedis, startRelayProcess, SECRET } from '../../relay/test/processes';
import { connectStandIn, standInServer } from '../../relay/test/stand-in-extension';
import { median, type Row } from '../lib/stats';

interface Load {
  clients: number;
  calls: number;
}

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

/**
 * A round's p99 is set by the one or two longest stalls in it (a garbage collection, a process
 * scheduled out on a shared machine), so rounds differ by up to 3x: the median of ten is steadier
 * than that of five (with which a ratio moved by up to 0.7 between runs of the same code). The first round
 * runs code not yet optimized in processes just started (its p99 was a run's highest, the
 * floor's too): it warms every way up and is not counted.
 */
const ROUNDS = 10;
const WARM_UP_ROUNDS = 1;

/** One client, set up (its set-up timed): a socket and its pending answers by id. */
async function setUpClient(url: string, relayed: { token: string } | undefined) {
  const started = performance.now();
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
  return { socket, request, setUpMs: performance.now() - started };
}

async function timedCalls(client: Awaited<ReturnType<typeof setUpClient>>, calls: number) {
  const times: number[] = [];
  for (let call = 0; call < calls; call += 1) {
    const start = performance.now();
    const answer = await client.request('tools/call', {
      name: 'echo',
      arguments: { text: `call ${call}` },
    });
    if (!answer.result) throw new Error(`a call failed: ${JSON.stringify(answer)}`);
    times.push(performance.now() - start);
  }
  return times;
}

/** A relay's CPU time so far (seconds), from its /metrics. */
async function cpuSeconds(relayUrl: string): Promise<number> {
  const text = await (await fetch(`${relayUrl}/metrics`)).text();
  const found = /^process_cpu_seconds_total (\S+)$/m.exec(text);
  if (!found) throw new Error('the relay reported no process_cpu_seconds_total');
  return Number(found[1]);
}

async function underLoad(
  url: string,
  relayed: { token: string } | undefined,
  load: Load,
  relays: string[],
) {
  const clients = await Promise.all(
    Array.from({ length: load.clients }, () => setUpClient(url, relayed)),
  );
  const cpu = async () => (await Promise.all(relays.map(cpuSeconds))).reduce((a, b) => a + b, 0);
  const cpuBefore = await cpu();
  const all = await Promise.all(clients.map((client) => timedCalls(client, load.calls)));
  const cpuMs = (await cpu()) - cpuBefore;
  for (const client of clients) client.socket.close();
  const times = all.flat();
  return {
    p50: percentile(times, 50),
    p99: percentile(times, 99),
    setUpP99: percentile(
      clients.map((client) => client.setUpMs),
      99,
    ),
    cpuPer1000: (cpuMs * 1000 * 1000) / times.length,
  };
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
  // Every client is the same user here: the per-user socket limit is raised for them.
  const args = ['--log-level', 'warn', '--metrics', '--max-client-sockets', '1000'];
  const single = await startRelayProcess(args);
  const pair = await Promise.all(
    [0, 1].map(() => startRelayProcess(['--redis', redis.url, ...args])),
  );
  const browsers = await Promise.all(
    // The floor's servers keep nothing of what they served: neither does the stand-in here.
    [single.url, pair[0]!.url].map((relayUrl) =>
      connectStandIn({ relayUrl, token: browserToken, record: false }),
    ),
  );
  const wsUrl = (httpUrl: string) => `${httpUrl.replace(/^http/, 'ws')}/mcp`;
  try {
    const rounds: Record<'floor' | 'one' | 'two', Awaited<ReturnType<typeof underLoad>>[]> = {
      floor: [],
      one: [],
      two: [],
    };
    for (let round = 0; round < WARM_UP_ROUNDS + ROUNDS; round += 1) {
      const floor = await underLoad(direct.url, undefined, load, []);
      const one = await underLoad(wsUrl(single.url), { token }, load, [single.url]);
      const two = await underLoad(
        wsUrl(pair[1]!.url),
        { token },
        load,
        pair.map((relay) => relay.url),
      );
      if (round < WARM_UP_ROUNDS) continue;
      rounds.floor.push(floor);
      rounds.one.push(one);
      rounds.two.push(two);
    }
    const of = (way: keyof typeof rounds) => ({
      p50: median(rounds[way].map((each) => each.p50)),
      p99: median(rounds[way].map((each) => each.p99)),
      setUpP99: median(rounds[way].map((each) => each.setUpP99)),
      cpuPer1000: median(rounds[way].map((each) => each.cpuPer1000)),
    });
    const floor = of('floor');
    const one = of('one');
    const two = of('two');
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
              ? 'relay-protocol clients on loopback to a stand-in browser serving MCP with the SDK; all set up first, then all calling at once; medians of ten rounds after one to warm up.'
              : undefined,
        },
        {
          measure: `Relay: tools/call p99 through ${name} (${label})`,
          value: figures.p99,
          unit: 'ms',
          floor: { value: floor.p99, label: 'the same calls without the relay' },
          goal: name === 'one relay' ? 1.5 : 2,
        },
        {
          measure: `Relay: client set-up p99 through ${name} (${load.clients} at once)`,
          value: figures.setUpP99,
          unit: 'ms',
          floor: { value: floor.setUpP99, label: 'socket and initialize without the relay' },
          note:
            name === 'one relay'
              ? 'socket, mcp_handshake (token check), list_extensions, connect and MCP initialize; the floor has only the socket and initialize.'
              : undefined,
        },
        {
          measure: `Relay: CPU of the relay process${name === 'one relay' ? '' : 'es'} per 1,000 calls (${name})`,
          value: figures.cpuPer1000,
          unit: 'ms',
          note:
            name === 'one relay'
              ? "process_cpu_seconds_total from each relay's /metrics, before and after the calls (set-ups excluded)."
              : undefined,
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
