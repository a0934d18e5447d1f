import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { startFixtureServer, type FixtureServer } from '../fixtures/mcp-fixture-server';
import { startServerEverything, type ServerEverything } from '../fixtures/server-everything';
import { closeAfterTest, freshExtensionPerTest } from './harness';
import { addEnabledServer } from './server-setup';

const session = freshExtensionPerTest();
let everything: ServerEverything;
let fixture: FixtureServer;
let page: Page;

type Envelope<T> =
  { ok: true; result: T } | { ok: false; error: { code: string; message: string } };

async function request<T>(type: string, payload?: unknown): Promise<Envelope<T>> {
  return (await session.send(page, type, payload)) as Envelope<T>;
}

const addAndEnable = (name: string, url: string) => addEnabledServer(session, page, { name, url });

/** The reference server runs as a process of its own: one for the file. */
beforeAll(async () => {
  everything = await startServerEverything('streamableHttp');
});

afterAll(async () => {
  await everything?.close();
});

/** Every test: its own fixture server and a fresh panel. */
beforeEach(async () => {
  fixture = closeAfterTest(await startFixtureServer());
  page = await session.openSidePanel();
});

describe('service-worker lifecycle', () => {
  it('calls a server-everything tool after the worker is stopped between calls', async () => {
    const id = await addAndEnable('Everything', everything.url);
    await expect(
      request(`mcp/${id}/tool/call`, { name: 'echo', arguments: { message: 'before' } }),
    ).resolves.toEqual({
      ok: true,
      result: { content: [{ type: 'text', text: 'Echo: before' }] },
    });
    await session.stopWorker(page);
    await expect(
      request(`mcp/${id}/tool/call`, { name: 'echo', arguments: { message: 'after' } }),
    ).resolves.toEqual({
      ok: true,
      result: { content: [{ type: 'text', text: 'Echo: after' }] },
    });
    // The call went out first on the reopened connection; the tool list follows it, and with
    // it the connected state.
    await expect
      .poll(() => request<{ status: { state: string } }>(`mcp/${id}/status/get`))
      .toEqual({ ok: true, result: { status: { state: 'connected' } } });
  });

  it('answers a call in flight when the worker stops, instead of leaving it hanging', async () => {
    const id = await addAndEnable('Slow fixture', fixture.mcpUrl);
    const inFlight = request(`mcp/${id}/tool/call`, {
      name: 'slow_count',
      arguments: { steps: 100, delayMs: 100 },
      callId: 'long-1',
    }).then(
      (response) => ({ settled: 'resolved' as const, response }),
      (error: unknown) => ({ settled: 'rejected' as const, message: String(error) }),
    );
    await expect
      .poll(() =>
        fixture.requests.some(
          (entry) =>
            (entry.body as { params?: { name?: string } } | undefined)?.params?.name ===
            'slow_count',
        ),
      )
      .toBe(true);
    await session.stopWorker(page);
    const outcome = await inFlight;
    // chrome.runtime rejects the pending request; the side panel's client turns that into a
    // retryable worker-restarted error (tests/unit/platform/platform-chrome.test.ts).
    expect(outcome.settled).toBe('rejected');
    await expect(
      request(`mcp/${id}/tool/call`, { name: 'echo', arguments: { text: 'next' } }),
    ).resolves.toEqual({
      ok: true,
      result: { content: [{ type: 'text', text: 'next' }] },
    });
  });

  it('loads a part its start leaves out in a restarted worker: the connection doctor', async () => {
    // The doctor is one of the worker's lazy parts (scripts/worker-chunks.ts): Chrome lets a
    // worker import it later only because its install imported it once.
    const id = await addAndEnable('Checked', fixture.mcpUrl);
    await session.stopWorker(page);
    const checked = await request<{ ok: boolean; steps: { verdict: string }[] }>(
      `mcp/${id}/health/check`,
    );
    expect(checked).toMatchObject({ ok: true, result: { ok: true } });
    if (!checked.ok) throw new Error(checked.error.message);
    expect(checked.result.steps.length).toBeGreaterThan(2);
    expect(checked.result.steps.filter((step) => step.verdict === 'fail')).toEqual([]);
  });

  it('lets a stopped worker stay stopped while an idle panel is open', async () => {
    // Nothing to keep up (no relay link): the panel's watch port must not start the worker again.
    await expect(request('mcp/servers/get')).resolves.toMatchObject({ ok: true });
    const cdp = await session.context.newCDPSession(page);
    const states: string[] = [];
    cdp.on('ServiceWorker.workerVersionUpdated', ({ versions }) => {
      for (const version of versions)
        if (version.scriptURL.startsWith(`chrome-extension://${session.extensionId}/`))
          states.push(version.runningStatus);
    });
    await cdp.send('ServiceWorker.enable');
    await session.stopWorker(page);
    const stoppedAt = states.lastIndexOf('stopped');
    expect(stoppedAt).toBeGreaterThanOrEqual(0);
    // There is no event for something not happening: a panel reconnecting would have done so
    // within milliseconds (its first retry has no delay), so two seconds bound it.
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    expect(states.slice(stoppedAt + 1)).toEqual([]);
    // The panel still works: its next request starts the worker.
    await expect(request('mcp/servers/get')).resolves.toMatchObject({ ok: true });
    await cdp.detach();
  });

  it('keeps storage as the source of truth: servers and switches survive a restart', async () => {
    const on = await addAndEnable('Switched on', fixture.mcpUrl);
    const added = await request<{ server: { id: string } }>('mcp/servers/add', {
      name: 'Left off',
      url: `${fixture.url}/other`,
    });
    if (!added.ok) throw new Error(added.error.message);
    const off = added.result.server.id;
    const switches = async () => {
      const listed = await request<{ servers: { id: string; name: string; isEnabled: boolean }[] }>(
        'mcp/servers/get',
      );
      if (!listed.ok) throw new Error(listed.error.message);
      return listed.result.servers.map(({ id, name, isEnabled }) => ({ id, name, isEnabled }));
    };
    const before = await switches();
    expect(before).toEqual(
      expect.arrayContaining([
        { id: on, name: 'Switched on', isEnabled: true },
        { id: off, name: 'Left off', isEnabled: false },
      ]),
    );
    await session.stopWorker(page);
    expect(await switches()).toEqual(before);
  });
});
