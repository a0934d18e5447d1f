/**
 * The pages' side of the message contract: what it sends, how each kind of failure reads, and
 * which broadcasts reach a page.
 */
import { describe, expect, it } from 'vitest';
import { createPatchbayClient, type MessageTransport } from '../../../src/messaging/client';
import { createRouter } from '../../../src/messaging/router';
import { createHarness } from '../../helpers/manager-harness';

function recordingTransport(answer: (message: unknown) => Promise<unknown>) {
  const sent: unknown[] = [];
  const listeners = new Set<(message: unknown) => void>();
  const transport: MessageTransport = {
    send: (message) => {
      sent.push(message);
      return answer(message);
    },
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
  return { transport, sent, emit: (message: unknown) => listeners.forEach((l) => l(message)) };
}

describe('the pages’ client', () => {
  it('sends a request without a payload as its type alone, and one with a payload in full', async () => {
    const { transport, sent } = recordingTransport(async (message) => ({
      ok: true,
      result:
        (message as { type: string }).type === 'mcp/servers/get'
          ? { servers: [] }
          : { names: ['a'] },
    }));
    const client = createPatchbayClient(transport);
    await expect(client.server('fixture', 'tools/disabled/set', { names: ['a'] })).resolves.toEqual(
      {
        names: ['a'],
      },
    );
    await expect(client.request('mcp/servers/get')).resolves.toEqual({ servers: [] });
    expect(sent[0]).toStrictEqual({
      type: 'mcp/fixture/tools/disabled/set',
      payload: { names: ['a'] },
    });
    expect(sent[1]).toStrictEqual({ type: 'mcp/servers/get' });
  });

  it.each([
    [
      'a worker that stopped before it answered',
      () => Promise.reject(new Error('The message port closed before a response was received.')),
      'Patchbay’s background restarted before it answered. The request may not have finished; try again.',
    ],
    [
      'an answer that is not an envelope',
      () => Promise.resolve(undefined),
      'Patchbay’s background did not answer. Try again.',
    ],
  ])('turns %s into a retryable worker-restarted error', async (_, send, message) => {
    const client = createPatchbayClient({ send, subscribe: () => () => undefined });
    await expect(client.request('mcp/servers/get')).rejects.toMatchObject({
      code: 'worker-restarted',
      message,
      retryable: true,
    });
  });

  it('passes the background’s error on as it is', async () => {
    const harness = createHarness();
    const router = createRouter({ manager: harness.manager, extensionId: 'self' });
    const client = createPatchbayClient({
      send: (message) => router.handle(message, { id: 'self', origin: 'chrome-extension://self' }),
      subscribe: () => () => undefined,
    });
    await expect(client.server('missing', 'status/get')).rejects.toMatchObject({
      code: 'not-found',
      retryable: false,
    });
  });

  it('hands a page only the broadcasts the contract knows', () => {
    const { transport, emit } = recordingTransport(async () => undefined);
    const heard: unknown[] = [];
    const stop = createPatchbayClient(transport).onBroadcast((message) => heard.push(message));
    emit({ type: 'mcp/servers/changed', payload: {} });
    emit({ type: 'mcp/launch/rockets', payload: {} });
    emit('not a message');
    stop();
    emit({ type: 'mcp/servers/changed', payload: {} });
    expect(heard).toEqual([{ type: 'mcp/servers/changed', payload: {} }]);
  });
});
