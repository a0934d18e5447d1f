/**
 * The relay under failures (loopback only, bounded): three relay processes on one real
 * redis-server behind a round-robin proxy, a stand-in browser on the first, and many clients of
 * every transport making calls while four things happen in turn: an instance (not the
 * browser's) is killed with SIGKILL, Redis is stopped and started again (empty), the
 * browser's socket drops and it connects again, and the browser's instance is taken for gone
 * while it lives (its key lapsed, as when its heartbeat is late). Each failure is put down to the latest event
 * before it ended. Shared by the relay test suite (small) and `npm run bench -- relay` (full).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Redis } from 'ioredis';
import { key } from '../../src/redis/keys.js';
import { issueToken } from '../../src/access/tokens.js';
import {
  SECRET,
  startRedis,
  startRelayProcess,
  type RedisServer,
  type RelayProcess,
} from '../processes.js';
import { startRoundRobinProxy, type RoundRobinProxy } from '../round-robin-proxy.js';
import { connectStandIn, type StandIn } from '../stand-in-extension.js';
import {
  modernClient,
  sessionClient,
  websocketClient,
  type CallRecord,
  type ChaosClient,
} from './clients.js';

export interface ChaosOptions {
  clients: number;
  calls: number;
  /** A call with no answer and no error by then has hung. */
  callTimeoutMs: number;
  /** How long a client whose call failed waits before its next (clients back off). */
  backoffMs: number;
  /** Redis stays away at least this long (0: started again once its absence was seen). */
  redisAwayMs?: number;
  /**
   * Presence TTL the instances run with (`--presence-ttl`, seconds; 1 by default). An instance
   * whose heartbeat (every third of it) is late by a whole TTL is taken for gone: on a machine
   * busy with other suites, a relay process can wait that long for a core.
   */
  presenceTtlS?: number;
}

export interface EventReport {
  event: string;
  /** Calls that ended (failed or not) between this event and the next. */
  calls: number;
  failed: number;
  hung: number;
  /** From the event to the end of its last failed call: when the survivors serve again. */
  servingAgainMs: number;
  /** Distinct errors clients saw, with counts. */
  errors: Record<string, number>;
}

export interface ChaosReport {
  events: EventReport[];
  calls: number;
  /** Answers to a call already answered, at clients, plus calls the browser ran twice. */
  duplicates: number;
  /** While Redis was away: what each live instance's /health said. */
  healthWhileRedisAway: string[];
  /** While Redis was away: whether a call straight to the browser's instance was answered. */
  localCallWhileRedisAway: boolean;
  redisAwayMs: number;
  /** The browser's instance answering /health with `redis: connected` again after Redis came back. */
  redisBackAfterMs: number;
}

const BENCH_USER = 'chaos';

/** Generous limits: every client is the same user, whose one browser they all share. */
const RELAY_ARGS = [
  '--log-level',
  process.env.CHAOS_LOGS ? 'debug' : 'error',
  '--http-rate',
  '1000000',
  '--max-client-sockets',
  '100000',
  '--max-waiting',
  '100000',
];

async function health(url: string): Promise<string> {
  try {
    const answer = (await (await fetch(`${url}/health`)).json()) as { redis: string };
    return answer.redis;
  } catch {
    return 'unreachable';
  }
}

/** Resolves once `check` is true, asking every 20 ms (there is no event across processes). */
async function until(check: () => Promise<boolean>, what: string, limitMs = 20_000) {
  const deadline = performance.now() + limitMs;
  while (!(await check())) {
    if (performance.now() > deadline) throw new Error(`never happened: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

const normalized = (error: string) =>
  error
    .replace(/[0-9a-f]{8}-[0-9a-f-]{27}/g, '…')
    .replace(/conn-[^ "]+/g, 'conn-…')
    .slice(0, 140);

/** Resolves once the browser's presence is in Redis, where every instance looks it up. */
async function browserListed(redisUrl: string, extensionId: string): Promise<void> {
  const redis = new Redis(redisUrl);
  try {
    await until(
      async () =>
        (await redis.sismember(key.user(BENCH_USER), extensionId)) === 1 &&
        (await redis.exists(key.extension(extensionId))) === 1,
      'the browser listed in Redis',
    );
  } finally {
    redis.disconnect();
  }
}

/**
 * Keeps an instance’s key out of Redis for three TTLs, as when its heartbeat is late: deleted
 * every 20 ms (its heartbeat writes it again every third of a TTL), so the other instances'
 * heartbeats find it missing and take the instance for gone, though it serves on.
 */
async function lapse(instance: RelayProcess, redisUrl: string, ttlS: number): Promise<void> {
  const { instance: id } = (await (await fetch(`${instance.url}/health`)).json()) as {
    instance: string;
  };
  const redis = new Redis(redisUrl);
  try {
    const until = performance.now() + 3 * ttlS * 1000;
    while (performance.now() < until) {
      await redis.del(key.instance(id));
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  } finally {
    redis.disconnect();
  }
}

/**
 * With `CHAOS_LOGS=<folder>`, each instance's log (at debug level) and every call's record are
 * kept there, to follow a failed run's calls through the instances.
 */
function keepLogs(instances: RelayProcess[], records: CallRecord[]): void {
  const folder = process.env.CHAOS_LOGS;
  if (!folder) return;
  mkdirSync(folder, { recursive: true });
  instances.forEach((each, index) =>
    writeFileSync(join(folder, `instance-${index}.log`), each.stderr()),
  );
  writeFileSync(join(folder, 'calls.json'), JSON.stringify(records, null, 1));
}

export async function runChaos(options: ChaosOptions): Promise<ChaosReport> {
  let redis: RedisServer | undefined;
  let instances: RelayProcess[] = [];
  let proxy: RoundRobinProxy | undefined;
  const browsers: StandIn[] = [];
  const clients: ChaosClient[] = [];
  const records: CallRecord[] = [];
  try {
    redis = await startRedis();
    const ttlS = options.presenceTtlS ?? 1;
    const args = ['--redis', redis.url, '--presence-ttl', String(ttlS), ...RELAY_ARGS];
    instances = await Promise.all([0, 1, 2].map(() => startRelayProcess(args)));
    proxy = await startRoundRobinProxy(instances.map((each) => each.url));
    const browserToken = await issueToken({ user: BENCH_USER, role: 'browser', secret: SECRET });
    const connectBrowser = async () =>
      browsers.push(await connectStandIn({ relayUrl: instances[0]!.url, token: browserToken }));
    await connectBrowser();
    // The browser hears `authenticated` before its instance has told Redis where it is; the
    // clients start once every instance can find it (on a busy machine that takes a while).
    await browserListed(redis.url, browsers[0]!.id);

    const token = await issueToken({ user: BENCH_USER, role: 'client', secret: SECRET });
    const kinds = [websocketClient, modernClient, sessionClient];
    for (let index = 0; index < options.clients; index += 1)
      clients.push(kinds[index % kinds.length]!(proxy.url, token, options.callTimeoutMs));

    const total = options.clients * options.calls;
    const thresholds: { at: number; reached: () => void }[] = [];
    // At once when already reached (an event may take longer than the calls left).
    const progress = (share: number) =>
      new Promise<void>((resolve) =>
        records.length >= share * total
          ? resolve()
          : thresholds.push({ at: share * total, reached: resolve }),
      );
    const events: { event: string; at: number }[] = [{ event: 'none (before any)', at: 0 }];

    const runClient = async (client: ChaosClient, index: number) => {
      for (let call = 0; call < options.calls; call += 1) {
        const record = await client.call(`${index}-${call}`);
        records.push(record);
        for (const threshold of thresholds.filter((each) => each.at <= records.length))
          threshold.reached();
        if (!record.ok) await new Promise((resolve) => setTimeout(resolve, options.backoffMs));
      }
    };

    const report = {
      healthWhileRedisAway: [] as string[],
      localCallWhileRedisAway: false,
      redisAwayMs: 0,
      redisBackAfterMs: 0,
    };
    const drive = async () => {
      await progress(0.2);
      events.push({ event: 'an instance killed (SIGKILL)', at: performance.now() });
      await instances[2]!.stop('SIGKILL');

      await progress(0.45);
      const away = performance.now();
      events.push({ event: 'Redis restarted', at: away });
      await redis!.stop();
      const live = instances.slice(0, 2);
      await until(
        async () =>
          (await Promise.all(live.map((each) => health(each.url)))).every(
            (state) => state === 'unavailable',
          ),
        'every live instance saying Redis is unavailable',
      );
      report.healthWhileRedisAway = await Promise.all(live.map((each) => health(each.url)));
      const local = await modernClient(instances[0]!.url, token, options.callTimeoutMs).call(
        'local',
      );
      report.localCallWhileRedisAway = local.ok;
      const left = (options.redisAwayMs ?? 0) - (performance.now() - away);
      if (left > 0) await new Promise((resolve) => setTimeout(resolve, left));
      await redis!.start();
      report.redisAwayMs = performance.now() - away;
      const back = performance.now();
      await until(
        async () => (await health(instances[0]!.url)) === 'connected',
        'Redis connected again',
      );
      report.redisBackAfterMs = performance.now() - back;

      await progress(0.75);
      events.push({
        event: 'the browser’s socket dropped, and it connected again',
        at: performance.now(),
      });
      browsers.at(-1)!.socket.terminate();
      await connectBrowser();

      // Its key lapsed while it lives (a heartbeat late under load, a GC pause): the others take
      // the browser's instance for gone and end what they share with it; it must hear so.
      await progress(0.9);
      events.push({
        event: 'the browser’s instance taken for gone while it lives (its key lapsed)',
        at: performance.now(),
      });
      await lapse(instances[0]!, redis!.url, ttlS);
    };

    await Promise.all([drive(), ...clients.map((client, index) => runClient(client, index))]);

    const eventReports = events.map((event, index): EventReport => {
      const nextAt = events[index + 1]?.at ?? Infinity;
      const mine = records.filter((record) => record.end >= event.at && record.end < nextAt);
      const failed = mine.filter((record) => !record.ok);
      const errors: Record<string, number> = {};
      for (const record of failed) {
        const key = `${record.kind}: ${normalized(record.error ?? '')}`;
        errors[key] = (errors[key] ?? 0) + 1;
      }
      return {
        event: event.event,
        calls: mine.length,
        failed: failed.length,
        hung: failed.filter((record) => record.hung).length,
        servingAgainMs: failed.length
          ? Math.max(...failed.map((record) => record.end)) - event.at
          : 0,
        errors,
      };
    });
    // A call the browser ran more than once (the echo text is unique per call).
    const ran = new Map<string, number>();
    for (const browser of browsers)
      for (const message of browser.received) {
        const params = message.params as
          { name?: string; arguments?: { text?: string } } | undefined;
        if (message.method !== 'tools/call' || params?.name !== 'echo') continue;
        const text = String(params.arguments?.text);
        ran.set(text, (ran.get(text) ?? 0) + 1);
      }
    const ranTwice = [...ran.values()].filter((count) => count > 1).length;
    return {
      events: eventReports,
      calls: records.length,
      duplicates: clients.reduce((sum, client) => sum + client.duplicates, 0) + ranTwice,
      ...report,
    };
  } finally {
    keepLogs(instances, records);
    for (const client of clients) client.close();
    await Promise.all(browsers.map((browser) => browser.close()));
    await proxy?.close();
    await Promise.all(instances.map((each) => each.stop()));
    await redis?.stop();
  }
}
