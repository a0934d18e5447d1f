import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { createHarness } from '../../helpers/manager-harness';
import { cleanupsAfterEach } from '../../helpers/cleanups';

const cleanups = cleanupsAfterEach();

/** A server that refuses every request with `status`, counting what it was sent. */
async function refusingServer(status: 401 | 403, headers: Record<string, string> = {}) {
  const requests: string[] = [];
  const server = createServer((request: IncomingMessage, response) => {
    requests.push(`${request.method} ${request.url}`);
    response.writeHead(status, { 'content-type': 'text/plain', ...headers });
    response.end(status === 403 ? 'Forbidden: origin not allowed' : 'Unauthorized');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  cleanups.push(() => new Promise<void>((resolve) => server.close(() => resolve())));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/mcp`, requests };
}

/**
 * The pages as they behave: on every status or server change the Servers view asks for the
 * model's tools and the card's tools again. Resolves once a round asks for nothing new, or after
 * `maxRounds` rounds (a storm never goes quiet).
 */
async function panelReactsUntilQuiet(
  harness: ReturnType<typeof createHarness>,
  serverId: string,
  maxRounds = 40,
): Promise<number> {
  let pending: Promise<unknown>[] = [];
  const stop = harness.broadcaster.listen((message) => {
    if (message.type !== 'mcp/status/changed' && message.type !== 'mcp/servers/changed') return;
    pending.push(
      harness.manager.listEnabledTools().catch(() => undefined),
      harness.manager.getServerTools(serverId).catch(() => undefined),
    );
  });
  let rounds = 0;
  try {
    // One reaction to the state the view opens on, as the view does when it mounts.
    pending.push(harness.manager.listEnabledTools(), harness.manager.getServerTools(serverId));
    while (pending.length && rounds < maxRounds) {
      const round = pending;
      pending = [];
      await Promise.allSettled(round);
      rounds += 1;
    }
  } finally {
    stop();
  }
  return rounds;
}

describe('a server that says no is not asked again and again', () => {
  it.each([403, 401] as const)(
    'sends one attempt to a server refusing with HTTP %i, however often the pages ask for tools',
    async (status) => {
      const server = await refusingServer(status);
      const harness = createHarness({
        // Backoff that would retry at once, were a refusal retried at all.
        retryPolicy: { maxRetries: 5, initialDelay: 1, maxDelay: 1, backoffMultiplier: 1 },
      });
      cleanups.push(() => harness.dispose());
      const serverId = await harness.addAndEnable(server.url, 'Refuser');
      // A 401 starts a sign-in, whose discovery the server refuses too.
      await harness.waitForState(serverId, 'needs-auth');
      const afterEnable = server.requests.length;
      expect(afterEnable).toBeGreaterThan(0);
      const rounds = await panelReactsUntilQuiet(harness, serverId);
      expect(rounds).toBeLessThan(40);
      // Looking at tools again and again sends nothing more: a refusal waits for the person.
      for (let i = 0; i < 10; i += 1) {
        await harness.manager.listEnabledTools();
        await harness.manager.getServerTools(serverId);
      }
      expect(server.requests.length).toBe(afterEnable);
      const state = (await harness.manager.getStatus(serverId)).state;
      expect(state).toBe('needs-auth');
    },
  );

  it('tries again when the person clicks Retry, once per click', async () => {
    const server = await refusingServer(403);
    const harness = createHarness();
    cleanups.push(() => harness.dispose());
    const serverId = await harness.addAndEnable(server.url, 'Refuser');
    const before = server.requests.length;
    await harness.manager.enable(serverId); // the card's Retry
    await panelReactsUntilQuiet(harness, serverId);
    const afterRetry = server.requests.length;
    expect(afterRetry).toBeGreaterThan(before);
    expect(afterRetry - before).toBeLessThanOrEqual(before);
  });
});
