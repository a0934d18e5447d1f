/**
 * Two relay processes sharing a real redis-server: a client on one instance reaches a browser on
 * the other (relay protocol, Streamable HTTP in both eras, legacy SSE); users stay apart across
 * instances; an instance that stops, gracefully or killed, is noticed and its peers' clients hear
 * `disconnected`.
 */
import { Client } from '@modelcontextprotocol/client';
import { Redis } from 'ioredis';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { RelayClientTransport } from '../../src/clients/client-transport.js';
import { key } from '../../src/redis/keys.js';
import { RedisSigner } from '../../src/redis/signing.js';
import { issueToken, type Role } from '../../src/access/tokens.js';
import { rawClient } from '../helpers.js';
import { httpClient } from '../http-clients.js';
import {
  SECRET,
  startRedis,
  startRelayProcess,
  type RedisServer,
  type RelayProcess,
} from '../processes.js';
import { connectStandIn, type StandIn } from '../stand-in-extension.js';

let redis: RedisServer;
const cleanups: (() => Promise<unknown>)[] = [];
const token = (user: string, role: Role = 'client') => issueToken({ user, role, secret: SECRET });
const text = (result: unknown) => (result as { content: { text: string }[] }).content[0]?.text;

beforeAll(async () => {
  redis = await startRedis();
});
afterAll(async () => {
  await redis.stop();
});
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup().catch(() => undefined);
});

/** Two instances on one Redis, noticing a dead peer within about a second. */
async function twoInstances(): Promise<[RelayProcess, RelayProcess]> {
  const args = ['--redis', redis.url, '--presence-ttl', '1'];
  const [a, b] = await Promise.all([startRelayProcess(args), startRelayProcess(args)]);
  cleanups.push(
    () => a.stop(),
    () => b.stop(),
  );
  return [a, b];
}

async function browserOn(relay: RelayProcess, user = 'ada', withToken?: string): Promise<StandIn> {
  const browser = await connectStandIn({
    relayUrl: relay.url,
    token: withToken ?? (await token(user, 'browser')),
  });
  cleanups.push(() => browser.close());
  return browser;
}

describe('across two instances', () => {
  it('a relay-protocol client on B lists and uses the browser on A', async () => {
    const [a, b] = await twoInstances();
    const browser = await browserOn(a);
    const transport = new RelayClientTransport({ url: b.url, accessToken: await token('ada') });
    const client = new Client({ name: 'scale-out', version: '1.0.0' });
    await client.connect(transport);
    cleanups.push(() => client.close());
    expect(transport.connectionId).toMatch(/^conn-/);
    expect(text(await client.callTool({ name: 'echo', arguments: { text: 'via B' } }))).toBe(
      'via B',
    );
    const progress: number[] = [];
    await client.callTool(
      { name: 'slow', arguments: { ms: 5 } },
      { onprogress: (update) => progress.push(update.progress) },
    );
    expect(progress).toEqual([1]);
    // A's browser serves B's connection.
    expect(browser.received.some((message) => String(message.id).startsWith('conn-'))).toBe(true);
  });

  it.each([
    { era: 'legacy' as const, transport: 'streamable' as const },
    { era: 'modern' as const, transport: 'streamable' as const },
    { era: 'legacy' as const, transport: 'sse' as const },
  ])('an HTTP client on B ($transport, $era) reaches the browser on A', async (kind) => {
    const [a, b] = await twoInstances();
    await browserOn(a);
    const { client } = await httpClient({ relayUrl: b.url, token: await token('ada'), ...kind });
    cleanups.push(() => client.close());
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name)).toContain('echo');
    expect(text(await client.callTool({ name: 'echo', arguments: { text: 'hi' } }))).toBe('hi');
  });

  it('keeps users apart: another user on B neither sees nor reaches the browser on A', async () => {
    const [a, b] = await twoInstances();
    const browser = await browserOn(a);
    const eve = await rawClient(b.url);
    cleanups.push(async () => eve.socket.close());
    await eve.request('mcp_handshake', { accessToken: await token('eve') });
    expect((await eve.request('list_extensions')).result).toEqual({ extensions: [] });
    const connect = await eve.request('connect', { extension_id: browser.id });
    expect(connect.error).toMatchObject({ code: -32000 });
    const ada = await rawClient(b.url);
    cleanups.push(async () => ada.socket.close());
    await ada.request('mcp_handshake', { accessToken: await token('ada') });
    expect((await ada.request('list_extensions')).result).toEqual({
      extensions: [{ id: browser.id, name: 'Chromium', connected: true }],
    });
  });

  it.each(['SIGTERM', 'SIGKILL'] as const)(
    'an instance stopped with %s is noticed: clients on the other hear disconnected',
    async (signal) => {
      const [a, b] = await twoInstances();
      await browserOn(a);
      const client = await rawClient(b.url);
      cleanups.push(async () => client.socket.close());
      await client.request('mcp_handshake', { accessToken: await token('ada') });
      const [listed] = (
        (await client.request('list_extensions')).result as {
          extensions: { id: string }[];
        }
      ).extensions;
      await client.request('connect', { extension_id: listed!.id });
      await a.stop(signal);
      await expect
        .poll(() => client.notifications.find((message) => message.method === 'disconnected'), {
          timeout: 5_000,
        })
        .toBeDefined();
      await expect
        .poll(async () => (await client.request('list_extensions')).result, { timeout: 5_000 })
        .toEqual({ extensions: [] });
    },
  );

  it('a browser whose instance is not listening on Redis fails at once and says why, instead of after a wait', async () => {
    // Right after Redis comes back, an instance that has not subscribed again receives nothing
    // (pub/sub keeps nothing); here, a browser announced by an instance that never listens.
    const [, b] = await twoInstances();
    const deaf = 'an-instance-not-listening';
    const info = { id: 'ext-unheard', name: 'Unheard', user: 'una' };
    const writer = new Redis(redis.url);
    cleanups.push(async () => {
      await writer.del(key.extension(info.id), key.user(info.user), key.instance(deaf));
      writer.disconnect();
    });
    const presence = { ...info, instance: deaf, since: Date.now() };
    await writer.set(key.instance(deaf), '1', 'PX', 60_000); // alive, as far as peers can tell
    await writer.set(key.extension(info.id), new RedisSigner(SECRET, deaf).signPresence(presence));
    await writer.sadd(key.user(info.user), info.id);

    const client = await rawClient(b.url);
    cleanups.push(async () => client.socket.close());
    await client.request('mcp_handshake', { accessToken: await token(info.user) });
    await expect(client.request('connect', { extension_id: info.id })).resolves.toHaveProperty(
      'result',
    );
    // Sooner than the 5 s an unanswered connection waits (ATTACH_ANSWER_MS), with its reason.
    await expect
      .poll(() => client.notifications.find((message) => message.method === 'disconnected'), {
        timeout: 4_000,
      })
      .toMatchObject({ params: { reason: 'The relay lost its way to the browser (Redis).' } });
    await expect.poll(() => b.stderr()).toContain('"event":"redis.not_listening"');
  });

  it('a browser connecting again keeps its presence on the same instance, and takes over from another', async () => {
    const [a, b] = await twoInstances();
    // The same token and name: the same browser (its id is derived from them).
    const same = await token('ada', 'browser');
    const first = await browserOn(a, 'ada', same);
    const firstClosed = new Promise<number>((resolve) =>
      first.socket.once('close', (code) => resolve(code)),
    );
    const again = await browserOn(a, 'ada', same);
    expect(await firstClosed).toBe(4409);
    const client = await rawClient(b.url);
    cleanups.push(async () => client.socket.close());
    await client.request('mcp_handshake', { accessToken: await token('ada') });
    // Its old socket closing must not have withdrawn the new one's presence.
    expect((await client.request('list_extensions')).result).toEqual({
      extensions: [{ id: again.id, name: 'Chromium', connected: true }],
    });
    const againClosed = new Promise<number>((resolve) =>
      again.socket.once('close', (code) => resolve(code)),
    );
    await browserOn(b, 'ada', same); // now on the other instance
    expect(await againClosed).toBe(4409);
  });

  it('a browser name is one browser’s across instances: another token’s browser is refused until it is free', async () => {
    const [a, b] = await twoInstances();
    const realToken = await token('ada', 'browser');
    const real = await browserOn(a, 'ada', realToken);
    // Another browser token of the same user, the same name, on the other instance.
    const other = await token('ada', 'browser');
    await expect(connectStandIn({ relayUrl: b.url, token: other })).rejects.toThrow(/closed 4403/);
    // The real browser moves to B (the same token): it takes over; the name is still its own.
    const moved = await browserOn(b, 'ada', realToken);
    await expect(connectStandIn({ relayUrl: a.url, token: other })).rejects.toThrow(/closed 4403/);
    await real.close();
    await moved.close();
    // Its browser gone (its presence withdrawn), the name is free on every instance.
    const client = await rawClient(b.url);
    cleanups.push(async () => client.socket.close());
    await client.request('mcp_handshake', { accessToken: await token('ada') });
    await expect
      .poll(async () => (await client.request('list_extensions')).result, { timeout: 5_000 })
      .toEqual({ extensions: [] });
    const next = await browserOn(a, 'ada', other);
    expect((await client.request('list_extensions')).result).toEqual({
      extensions: [{ id: next.id, name: 'Chromium', connected: true }],
    });
  });

  it('a browser hears disconnected for a client whose instance died', async () => {
    const [a, b] = await twoInstances();
    const browser = await browserOn(b);
    const client = await rawClient(a.url);
    await client.request('mcp_handshake', { accessToken: await token('ada') });
    const connected = (await client.request('connect', { extension_id: browser.id })).result as {
      connection_id: string;
    };
    // The browser has served the connection (A answers connect before its attach reaches B).
    const initialized = await client.request('initialize', {
      protocolVersion: '2025-11-25',
      capabilities: {},
      clientInfo: { name: 'scale-out', version: '1' },
    });
    expect(initialized.result).toMatchObject({ protocolVersion: '2025-11-25' });
    await a.stop('SIGKILL');
    await expect.poll(() => browser.dropped, { timeout: 5_000 }).toContain(connected.connection_id);
  });
});
