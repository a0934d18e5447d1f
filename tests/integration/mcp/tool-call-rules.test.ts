/**
 * The rules a tool call keeps, against the real fixture server: what is refused before anything
 * is sent, a call id used once at a time, cancelling by id, and the sentences and retry hints of
 * calls that run out of time.
 */
import { describe, expect, it, vi } from 'vitest';
import { PatchbayError } from '../../../src/errors/patchbay-error';
import { startFixtureServer } from '../../fixtures/mcp-fixture-server';
import { cleanupsAfterEach } from '../../helpers/cleanups';
import { createHarness } from '../../helpers/manager-harness';

const cleanups = cleanupsAfterEach();

async function setUp(options: Parameters<typeof createHarness>[0] = {}) {
  const fixture = await startFixtureServer();
  cleanups.push(() => fixture.close());
  const harness = createHarness(options);
  cleanups.push(() => harness.dispose());
  const id = await harness.addAndEnable(fixture.mcpUrl);
  const calls = () =>
    fixture.requests.filter(
      (request) => (request.body as { method?: string } | undefined)?.method === 'tools/call',
    );
  return { fixture, harness, id, calls };
}

const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => 'no error',
    (error: unknown) => error,
  );

describe('a tool call', () => {
  it('is refused for a tool the person switched off, with its name, and nothing is sent', async () => {
    const { harness, id, calls } = await setUp();
    await harness.manager.setDisabledTools(id, ['echo']);
    const error = await failure(
      harness.manager.callTool(id, { name: 'echo', arguments: { text: 'hi' } }),
    );
    expect(error).toMatchObject({
      code: 'invalid-request',
      message: 'The tool echo of Fixture is switched off.',
    });
    expect(calls()).toEqual([]);
  });

  it('is refused when an app asks for a tool its server does not list', async () => {
    const { harness, id, calls } = await setUp();
    const error = await failure(
      harness.manager.callTool(id, { name: 'not_a_tool', arguments: {}, caller: 'app' }),
    );
    expect(error).toMatchObject({
      code: 'not-allowed',
      message: 'Fixture does not list a tool not_a_tool.',
    });
    expect(calls()).toEqual([]);
  });

  it('runs one call per id at a time, and can be cancelled by that id once', async () => {
    const { harness, id } = await setUp();
    const { call, started } = harness.startSlowCall(id, 'call-1');
    await started;
    const twice = await failure(
      harness.manager.callTool(id, { name: 'echo', arguments: { text: 'x' }, callId: 'call-1' }),
    );
    expect(twice).toMatchObject({
      code: 'invalid-request',
      message: 'A call with id call-1 is already running.',
    });
    await expect(harness.manager.cancelTool(id, { callId: 'call-1' })).resolves.toBe(true);
    const cancelled = await failure(call);
    expect(PatchbayError.isInstance(cancelled)).toBe(true);
    expect(cancelled).toMatchObject({ code: 'cancelled', message: 'The tool call was cancelled.' });
    // Over: the id is free again and there is nothing left to cancel.
    await expect(harness.manager.cancelTool(id, { callId: 'call-1' })).resolves.toBe(false);
    await expect(
      harness.manager.callTool(id, {
        name: 'echo',
        arguments: { text: 'again' },
        callId: 'call-1',
      }),
    ).resolves.toMatchObject({ content: [{ type: 'text', text: 'again' }] });
  });

  it('tells pages of its progress with its id, and nothing more once it has ended', async () => {
    const { harness, id } = await setUp();
    const progressOf = (callId: string) =>
      harness.broadcaster.messages.flatMap((message) =>
        message.type === 'mcp/tool/progress' && message.payload.callId === callId
          ? [message.payload]
          : [],
      );
    // Five steps at once: the first is told at once, the others fall within its 100 ms.
    await expect(
      harness.manager.callTool(id, {
        name: 'slow_count',
        arguments: { steps: 5, delayMs: 0 },
        callId: 'quick',
      }),
    ).resolves.toMatchObject({ content: [{ type: 'text', text: 'Counted to 5.' }] });
    const toldWhileRunning = progressOf('quick');
    expect(toldWhileRunning[0]).toEqual({
      serverId: id,
      callId: 'quick',
      progress: 1,
      total: 5,
      message: 'Step 1 of 5',
    });
    // A later call that outlasts the interval: the ended call's last step is not told after it.
    await harness.manager.callTool(id, {
      name: 'slow_count',
      arguments: { steps: 2, delayMs: 150 },
      callId: 'later',
    });
    expect(progressOf('later').length).toBeGreaterThan(0);
    expect(progressOf('quick')).toEqual(toldWhileRunning);
  });

  it.each([
    [
      403,
      'Fixture refused access (HTTP 403). Check that your account or the headers you added allow this.',
    ],
    // A 401 from a server given no headers wants a sign-in, even without saying where.
    [401, 'Sign in to Fixture to use its tools.'],
  ])(
    'refused with HTTP %i and no challenge says so in the call and in the status',
    async (status, message) => {
      const { fixture, harness, id } = await setUp();
      fixture.inject({ path: '/mcp', rpcMethod: 'tools/call', status, body: 'Refused' });
      const error = await failure(
        harness.manager.callTool(id, { name: 'echo', arguments: { text: 'hi' } }),
      );
      expect(PatchbayError.isInstance(error)).toBe(true);
      expect(error).toMatchObject({ code: 'auth-required', message });
      // The connection is given up, saying why.
      expect(await harness.manager.getStatus(id)).toEqual({ state: 'needs-auth', error: message });
    },
  );

  it.each([
    [
      'quiet for longer than its timeout',
      { steps: 1, delayMs: 5_000 },
      {},
      'slow_count on Fixture did not finish within 1 s.',
    ],
    [
      // Progress every 50 ms keeps a 1 s quiet limit away, even on a busy machine, until the
      // overall deadline ends the call.
      'still reporting progress at the overall deadline',
      { steps: 100, delayMs: 50 },
      { toolDeadlineMs: 1_500 },
      'slow_count on Fixture was still running after 1.5 s, the most a tool call may take, so Patchbay stopped waiting.',
    ],
  ])('that is %s ends as a timeout worth retrying', async (_case, work, options, message) => {
    const { harness, id } = await setUp(options);
    const error = await failure(
      harness.manager.callTool(id, { name: 'slow_count', arguments: work, timeoutMs: 1_000 }),
    );
    expect(PatchbayError.isInstance(error)).toBe(true);
    expect(error).toMatchObject({ code: 'timeout', message, retryable: true });
    expect((await harness.manager.viewOf(id)).status.state).toBe('connected');
  });

  it('that runs out of a timeout of 10 s or more says it in whole seconds', async () => {
    const { harness, id } = await setUp();
    // Only timers: the connection and the server keep running on the real clock.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      const error = failure(
        harness.manager.callTool(id, {
          name: 'slow_count',
          arguments: { steps: 1, delayMs: 60_000 },
          timeoutMs: 12_400,
        }),
      );
      await vi.advanceTimersByTimeAsync(12_400);
      expect(await error).toMatchObject({
        code: 'timeout',
        message: 'slow_count on Fixture did not finish within 12 s.',
      });
    } finally {
      vi.useRealTimers();
    }
  });
});
