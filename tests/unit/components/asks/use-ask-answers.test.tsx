// @vitest-environment happy-dom
/**
 * Answering servers' asks from the panel: each answer goes to the worker, a server that stopped
 * waiting or a failed request is said in words, and a sampling request without a model set up
 * fails before anything runs.
 */
import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useAskAnswers } from '../../../../components/asks/use-ask-answers';
import type { PatchbayClient } from '../../../../src/messaging/client';
import type { AskView } from '../../../../src/messaging/asks-contract';
import { withClient } from '../../../helpers/with-client';

afterEach(cleanup);

const sampling: Extract<AskView, { kind: 'sampling' }> = {
  id: 'ask-1',
  serverId: 'everything',
  serverName: 'Everything',
  createdAt: 0,
  expiresAt: 60_000,
  kind: 'sampling',
  request: { messages: [{ role: 'user', content: { type: 'text', text: 'Hi' } }], maxTokens: 50 },
  samplingEnabled: true,
};

function setUp(options: { answered?: boolean; serverFails?: boolean } = {}) {
  const request = vi.fn(async () => ({ answered: options.answered ?? true }));
  const server = vi.fn(async () => {
    if (options.serverFails) throw new Error('The worker is restarting.');
    return { enabled: true };
  });
  const client = { request, server } as unknown as PatchbayClient;
  const loadSettings = vi.fn(async () => undefined);
  const hook = renderHook(() => useAskAnswers([sampling], loadSettings), {
    wrapper: withClient(client),
  });
  return { hook, request, server };
}

describe('answering servers’ asks', () => {
  it('sends the answer to the worker and says so when the server stopped waiting', async () => {
    const { hook, request } = setUp({ answered: false });
    act(() => hook.result.current.answer('ask-1', { action: 'decline' }));
    expect(request).toHaveBeenCalledWith('mcp/asks/answer', {
      id: 'ask-1',
      answer: { action: 'decline' },
    });
    await waitFor(() =>
      expect(hook.result.current.error).toBe('The server stopped waiting for that answer.'),
    );
  });

  it('fails a sampling run without a model set up, and runs nothing', async () => {
    const { hook } = setUp();
    await act(() =>
      hook.result.current.run(sampling, {
        messages: [{ role: 'user', text: 'Hi' }],
        maxTokens: 50,
      }),
    );
    expect(hook.result.current.sampling['ask-1']).toEqual({
      phase: 'failed',
      error: 'Set up a model in Settings first.',
    });
  });

  it('switches sampling on for the server, and says why when it cannot', async () => {
    const { hook, server } = setUp({ serverFails: true });
    act(() => hook.result.current.enableSampling('everything'));
    expect(server).toHaveBeenCalledWith('everything', 'sampling/set', { enabled: true });
    await waitFor(() => expect(hook.result.current.error).toBe('The worker is restarting.'));
  });
});
