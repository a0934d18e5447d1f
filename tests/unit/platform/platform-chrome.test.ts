import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import {
  createChromeBroadcaster,
  createChromeKeepAlive,
  createChromeStore,
  createRuntimeTransport,
} from '../../../src/platform/chrome';
import type { z } from 'zod';
import { createPatchbayClient, RequestError } from '../../../src/messaging/client';
import { globalResults, serverResults } from '../../../src/messaging/contract';
import { createRouter } from '../../../src/messaging/router';
import { createHarness } from '../../helpers/manager-harness';

beforeEach(() => fakeBrowser.reset());

describe('chrome storage adapter', () => {
  it('reads, writes and removes keys in chrome.storage.local', async () => {
    const store = createChromeStore();
    await store.set({ 'mcp.a.enabled': true, 'mcp.a.tools.disabled': ['x'] });
    expect(await store.get('mcp.a.enabled')).toBe(true);
    expect(await store.getMany(['mcp.a.enabled', 'mcp.a.tools.disabled', 'missing'])).toEqual({
      'mcp.a.enabled': true,
      'mcp.a.tools.disabled': ['x'],
    });
    await store.set({ 'mcp.a.enabled': undefined });
    expect(await fakeBrowser.storage.local.get('mcp.a.enabled')).toEqual({});
    await store.remove(['mcp.a.tools.disabled']);
    expect(await store.get('mcp.a.tools.disabled')).toBeUndefined();
  });
});

describe('broadcaster', () => {
  it('does not throw when no page is listening', () => {
    expect(() =>
      createChromeBroadcaster().broadcast({ type: 'mcp/servers/changed', payload: {} }),
    ).not.toThrow();
  });

  it('sends what one task broadcasts as one message, which pages receive one by one', async () => {
    const received: unknown[] = [];
    const unsubscribe = createRuntimeTransport().subscribe((message) => received.push(message));
    const sent = vi.spyOn(fakeBrowser.runtime, 'sendMessage');
    const broadcaster = createChromeBroadcaster();
    const messages = [
      { type: 'mcp/servers/changed', payload: {} },
      { type: 'mcp/tools/changed', payload: { serverId: 'a' } },
      { type: 'mcp/tools/changed', payload: { serverId: 'b' } },
    ] as const;
    for (const message of messages) broadcaster.broadcast(message);
    await vi.waitFor(() => expect(received).toEqual(messages), { timeout: 4_000 });
    expect(sent).toHaveBeenCalledTimes(1);

    // A broadcast alone goes as itself.
    broadcaster.broadcast(messages[0]);
    await vi.waitFor(() => expect(received).toHaveLength(4), { timeout: 4_000 });
    expect(sent).toHaveBeenLastCalledWith(messages[0]);
    unsubscribe();
  });
});

describe('side-panel client', () => {
  it('unwraps results and throws typed errors for failed requests', async () => {
    const harness = createHarness();
    const router = createRouter({ manager: harness.manager, extensionId: 'self' });
    const client = createPatchbayClient({
      send: (message) => router.handle(message, { id: 'self', origin: 'chrome-extension://self' }),
      subscribe: (listener) => harness.broadcaster.listen(listener),
    });
    await expect(client.request('mcp/servers/get')).resolves.toEqual({ servers: [] });
    const error = await client.server('x', 'status/get').catch((caught: unknown) => caught);
    expect(RequestError.isInstance(error)).toBe(true);
    expect(error).toMatchObject({ code: 'not-found', retryable: false });
    const added = await client
      .request('mcp/servers/add', {
        name: 'A',
        url: 'https://a.example/mcp',
        headers: [{ key: 'bad key', value: '1' }],
      })
      .catch((caught: unknown) => caught);
    expect(added).toMatchObject({ code: 'invalid-input', field: 'headers.0.key' });
  });

  it('turns a worker that stopped mid-request into a retryable worker-restarted error', async () => {
    const client = createPatchbayClient({
      send: () =>
        Promise.reject(new Error('The message port closed before a response was received.')),
      subscribe: () => () => undefined,
    });
    await expect(
      client.server('fixture', 'tool/call', { name: 'echo', arguments: {} }),
    ).rejects.toMatchObject({
      code: 'worker-restarted',
      retryable: true,
    });
  });

  it('treats an answer that is not an envelope as a failed request, not a result', async () => {
    const client = createPatchbayClient({
      send: async () => undefined,
      subscribe: () => () => undefined,
    });
    await expect(client.request('mcp/servers/get')).rejects.toMatchObject({
      code: 'worker-restarted',
    });
  });
});

describe('the contract at both ends', () => {
  it('rejects an answer whose result does not match the request’s result schema', async () => {
    const client = createPatchbayClient({
      send: async () => ({ ok: true, result: { servers: [{ id: 'x' }] } }),
      subscribe: () => () => undefined,
    });
    await expect(client.request('mcp/servers/get')).rejects.toMatchObject({
      code: 'internal',
      message: expect.stringContaining('mcp/servers/get'),
    });
  });

  it.each<[string, unknown, z.ZodType]>([
    ['mcp/servers/get', undefined, globalResults['mcp/servers/get']],
    ['mcp/servers/export', undefined, globalResults['mcp/servers/export']],
    ['mcp/tools/list', undefined, globalResults['mcp/tools/list']],
    ['status/get', undefined, serverResults['status/get']],
    ['tools/get', undefined, serverResults['tools/get']],
    ['tools/disabled/set', { names: ['a'] }, serverResults['tools/disabled/set']],
    ['tool/cancel', { callId: 'c' }, serverResults['tool/cancel']],
    ['disable', undefined, serverResults.disable],
  ])('answers %s with a result its schema accepts', async (request, payload, schema) => {
    const harness = createHarness();
    const router = createRouter({ manager: harness.manager, extensionId: 'self' });
    const sender = { id: 'self', origin: 'chrome-extension://self' };
    try {
      const added = await router.handle(
        { type: 'mcp/servers/add', payload: { name: 'A', url: 'https://a.example/mcp' } },
        sender,
      );
      expect(added.ok).toBe(true);
      const id = added.ok ? (added.result as { server: { id: string } }).server.id : '';
      // Requests of one server name it: mcp/<id>/<request>.
      const type = request.startsWith('mcp/') ? request : `mcp/${id}/${request}`;
      const response = await router.handle({ type, payload }, sender);
      expect(response.ok).toBe(true);
      expect(response.ok && schema.safeParse(response.result).success).toBe(true);
    } finally {
      await harness.dispose();
    }
  });
});

describe('keep-alive', () => {
  /** Fake timers and a count of the worker's pings, both undone after each test. */
  beforeEach(() => {
    vi.useFakeTimers();
    return () => {
      vi.restoreAllMocks();
      vi.useRealTimers();
    };
  });
  const countPings = () =>
    vi
      .spyOn(fakeBrowser.runtime, 'getPlatformInfo')
      .mockResolvedValue({ os: 'linux', arch: 'x86-64' } as never);

  it('pings an extension API while work is held, and stops when all holders release', async () => {
    const pings = countPings();
    const keepAlive = createChromeKeepAlive(20_000);
    const releaseFirst = keepAlive.hold();
    const releaseSecond = keepAlive.hold();
    vi.advanceTimersByTime(40_000);
    expect(pings).toHaveBeenCalledTimes(2);
    releaseFirst();
    releaseFirst(); // releasing twice counts once
    vi.advanceTimersByTime(20_000);
    expect(pings).toHaveBeenCalledTimes(3);
    releaseSecond();
    vi.advanceTimersByTime(60_000);
    expect(pings).toHaveBeenCalledTimes(3);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('keeps one interval for work that follows other work, and lets it go once nothing is held', async () => {
    const pings = countPings();
    const intervals = vi.spyOn(globalThis, 'setInterval');
    const keepAlive = createChromeKeepAlive(20_000);
    // A hundred warm calls one after another, each held for a moment.
    for (let call = 0; call < 100; call += 1) {
      const release = keepAlive.hold();
      vi.advanceTimersByTime(10);
      release();
    }
    expect(intervals).toHaveBeenCalledTimes(1);
    // Nothing held when the interval comes round: it stops, and pings nothing.
    vi.advanceTimersByTime(20_000);
    expect(pings).not.toHaveBeenCalled();
    expect(vi.getTimerCount()).toBe(0);
    // Work held later starts it again, and is pinged for.
    const release = keepAlive.hold();
    vi.advanceTimersByTime(20_000);
    expect(pings).toHaveBeenCalledTimes(1);
    release();
  });
});
