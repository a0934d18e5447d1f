/**
 * Operating the relay: `/health` reports Redis, the instance and what it holds; `/metrics` (when
 * enabled) reports the same and what happened, in Prometheus's text format. Across two relay
 * processes on a real Redis, a request on one instance waits for a browser coming back to the
 * other.
 */
import { setTimeout as delay } from 'node:timers/promises';
import { afterEach, describe, expect, it } from 'vitest';
import { issueToken } from '../../src/access/tokens.js';
import { handshaken, startTestRelay } from '../helpers.js';
import { SECRET, startRedis, startRelayProcess } from '../processes.js';
import { connectStandIn } from '../stand-in-extension.js';

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup().catch(() => undefined);
});

const health = async (url: string) =>
  (await (await fetch(new URL('/health', url))).json()) as Record<string, unknown>;
const metrics = async (url: string) => (await fetch(new URL('/metrics', url))).text();
/** One sample's value from the exposition text (0 when absent). */
const sample = (text: string, series: string) => {
  const line = text.split('\n').find((each) => each.startsWith(`${series} `));
  return line === undefined ? 0 : Number(line.slice(series.length + 1));
};

describe('/health and /metrics of one instance', () => {
  it('/health says Redis is not used, names the instance and counts clients and sessions', async () => {
    const relay = await startTestRelay();
    cleanups.push(() => relay.close());
    const browser = await connectStandIn({
      relayUrl: relay.url,
      token: await relay.token('ada', 'browser'),
    });
    cleanups.push(() => browser.close());
    const client = await handshaken(relay, 'ada');
    cleanups.push(async () => client.socket.close());
    await client.request('connect', { extension_id: browser.id });
    const state = await health(relay.url);
    expect(state).toMatchObject({
      status: 'ok',
      redis: 'not used',
      extensions: 1,
      clients: { relay: 1, streamable: 0, sse: 0 },
      sessions: { relay: 1, streamable: 0, sse: 0 },
      waitingForBrowser: 0,
    });
    expect(state.instance).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('/metrics is not served unless enabled', async () => {
    const relay = await startTestRelay();
    cleanups.push(() => relay.close());
    expect((await fetch(new URL('/metrics', relay.url))).status).toBe(404);
  });

  it('/metrics counts requests, errors, waiting requests and the browser’s answer times', async () => {
    const relay = await startTestRelay({ metrics: true, browserGraceMs: 10_000 });
    cleanups.push(() => relay.close());
    const browserToken = await relay.token('ada', 'browser');
    const browser = await connectStandIn({ relayUrl: relay.url, token: browserToken });
    cleanups.push(() => browser.close());
    const client = await handshaken(relay, 'ada');
    cleanups.push(async () => client.socket.close());
    const { result } = await client.request('connect', { extension_id: browser.id });
    const connection = (result as { connection_id: string }).connection_id;
    const before = await metrics(relay.url);
    expect(sample(before, 'patchbay_relay_client_requests_total{transport="relay"}')).toBe(0);
    await client.request('tools/list', { connectionId: connection });
    // An HTTP error: eve has no browser.
    const refused = await fetch(new URL('/tools', relay.url), {
      headers: { Authorization: `Bearer ${await relay.token('eve', 'client')}` },
    });
    expect(refused.status).toBe(503);

    const response = await fetch(new URL('/metrics', relay.url));
    expect(response.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = await response.text();
    expect(text).toContain('# TYPE patchbay_relay_browser_answer_seconds histogram');
    expect(sample(text, 'patchbay_relay_client_requests_total{transport="relay"}')).toBe(1);
    expect(sample(text, 'patchbay_relay_client_requests_total{transport="tools"}')).toBe(1);
    expect(sample(text, 'patchbay_relay_errors_total{status="503"}')).toBe(1);
    expect(sample(text, 'patchbay_relay_browser_answer_seconds_count')).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'patchbay_relay_browsers')).toBe(1);
    expect(sample(text, 'patchbay_relay_clients{transport="relay"}')).toBe(1);
    expect(sample(text, 'patchbay_relay_sessions{kind="relay"}')).toBe(1);
    // No user names in any label.
    expect(text).not.toContain('ada');

    // A request waiting for the browser is counted while it waits, then by its outcome.
    await browser.close();
    const waiting = fetch(new URL('/tools', relay.url), {
      headers: { Authorization: `Bearer ${await relay.token('ada', 'client')}` },
    });
    await expect
      .poll(async () => sample(await metrics(relay.url), 'patchbay_relay_waiting_for_browser'))
      .toBe(1);
    const back = await connectStandIn({ relayUrl: relay.url, token: browserToken });
    cleanups.push(() => back.close());
    expect((await waiting).status).toBe(200);
    const after = await metrics(relay.url);
    expect(sample(after, 'patchbay_relay_waiting_for_browser')).toBe(0);
    expect(sample(after, 'patchbay_relay_browser_waits_total{outcome="returned"}')).toBe(1);
    // The process's own costs: CPU time spent so far, and how late its event loop ran.
    expect(sample(after, 'process_cpu_seconds_total')).toBeGreaterThan(
      sample(before, 'process_cpu_seconds_total'),
    );
    expect(after).toContain('# TYPE process_cpu_seconds_total counter');
    expect(
      sample(after, 'patchbay_relay_event_loop_delay_seconds{quantile="1"}'),
    ).toBeGreaterThanOrEqual(
      sample(after, 'patchbay_relay_event_loop_delay_seconds{quantile="0.5"}'),
    );
    expect(
      sample(after, 'patchbay_relay_event_loop_delay_seconds{quantile="0.5"}'),
    ).toBeGreaterThan(0);
  });
});

describe('several instances on a real Redis', () => {
  it('a request on B waits for the browser coming back to A; /health and /metrics show Redis', async () => {
    const redis = await startRedis();
    cleanups.push(() => redis.stop());
    const args = [
      '--redis',
      redis.url,
      '--presence-ttl',
      '2',
      // Past the test's own timeout: only A's announcement can wake a waiting request in time.
      '--browser-grace',
      '120',
      '--metrics',
    ];
    const [a, b] = await Promise.all([startRelayProcess(args), startRelayProcess(args)]);
    cleanups.push(
      () => a.stop(),
      () => b.stop(),
    );
    const browserToken = await issueToken({ user: 'ada', role: 'browser', secret: SECRET });
    const clientToken = await issueToken({ user: 'ada', role: 'client', secret: SECRET });
    const first = await connectStandIn({ relayUrl: a.url, token: browserToken });
    cleanups.push(() => first.close());

    // Through B to A: messages between instances are counted.
    const tools = () =>
      fetch(new URL('/tools', b.url), { headers: { Authorization: `Bearer ${clientToken}` } });
    expect((await tools()).status).toBe(200);
    const sent = sample(
      await metrics(b.url),
      'patchbay_relay_instance_messages_total{direction="sent"}',
    );
    expect(sent).toBeGreaterThan(0);

    const received = async () =>
      sample(await metrics(b.url), 'patchbay_relay_instance_messages_total{direction="received"}');
    const heard = await received();
    await first.close();
    // B has heard A's announcement that the browser left before the request is sent.
    await expect.poll(received).toBeGreaterThan(heard);
    const back = delay(1_000).then(() => connectStandIn({ relayUrl: a.url, token: browserToken }));
    // Sent while no browser is connected; answered once A announces it back.
    const response = await tools();
    expect(response.status).toBe(200);
    cleanups.push(async () => (await back).close());

    const [ofA, ofB] = [await health(a.url), await health(b.url)];
    expect(ofB).toMatchObject({ redis: 'connected', extensions: 0 });
    expect(ofA).toMatchObject({ redis: 'connected', extensions: 1 });
    expect(ofA.instance).not.toBe(ofB.instance);

    // Redis gone: /health says so.
    await redis.stop();
    await expect.poll(async () => (await health(b.url)).redis).toBe('unavailable');
  });

  it('an instance stopped gracefully tells the others: a request on B waits for its browser to move to B', async () => {
    const redis = await startRedis();
    cleanups.push(() => redis.stop());
    // Past the test's own timeout: only an announcement can wake a waiting request in time.
    const args = ['--redis', redis.url, '--browser-grace', '120'];
    const [a, b] = await Promise.all([startRelayProcess(args), startRelayProcess(args)]);
    cleanups.push(
      () => a.stop(),
      () => b.stop(),
    );
    const browserToken = await issueToken({ user: 'ada', role: 'browser', secret: SECRET });
    const browser = await connectStandIn({ relayUrl: a.url, token: browserToken });
    cleanups.push(() => browser.close());
    const authorization = `Bearer ${await issueToken({ user: 'ada', role: 'client', secret: SECRET })}`;
    await a.stop('SIGTERM');
    const moved = delay(1_000).then(() => connectStandIn({ relayUrl: b.url, token: browserToken }));
    const response = await fetch(new URL('/tools', b.url), {
      headers: { Authorization: authorization },
    });
    expect(response.status).toBe(200);
    cleanups.push(async () => (await moved).close());
  });

  it('with --browser-grace 0 a request on B fails at once after the browser on A left', async () => {
    const redis = await startRedis();
    cleanups.push(() => redis.stop());
    const args = ['--redis', redis.url, '--browser-grace', '0'];
    const [a, b] = await Promise.all([startRelayProcess(args), startRelayProcess(args)]);
    cleanups.push(
      () => a.stop(),
      () => b.stop(),
    );
    const browser = await connectStandIn({
      relayUrl: a.url,
      token: await issueToken({ user: 'ada', role: 'browser', secret: SECRET }),
    });
    const authorization = `Bearer ${await issueToken({ user: 'ada', role: 'client', secret: SECRET })}`;
    const tools = () =>
      fetch(new URL('/tools', b.url), { headers: { Authorization: authorization } });
    expect((await tools()).status).toBe(200);
    await browser.close();
    // A withdraws its presence as the socket closes; B sees it gone within moments.
    await expect.poll(async () => (await tools()).status).toBe(503);
    expect((await tools()).status).toBe(503);
  });
});
