/**
 * A request forwarded to the instance holding its session, whose answer streams back: when either
 * instance takes the other for gone (its key lapsed) or loses Redis, it ends the exchange and
 * tells the other, which may be alive (a slow heartbeat under load): the client's stream ends
 * instead of waiting for ever, and the holder stops serving.
 */
import { describe, expect, it, vi } from 'vitest';
import { InstanceExchanges, type ExchangeBody } from '../../src/redis/instance-exchanges.js';
import type { ForwardedRequest } from '../../src/http/session-sharing.js';

const request: ForwardedRequest = {
  method: 'POST',
  path: '/mcp',
  headers: { 'mcp-session-id': 's-1' },
  body: { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'echo' } },
  claims: { user: 'ada', role: 'client' } as ForwardedRequest['claims'],
};

/** `a` asks, `b` holds the session and answers with an SSE stream that stays open. */
function twoInstances() {
  const instances = new Map<string, InstanceExchanges>();
  const wire =
    (from: string) =>
    async (to: string, body: ExchangeBody): Promise<boolean> => {
      queueMicrotask(() => instances.get(to)?.receive(from, body));
      return true;
    };
  const a = new InstanceExchanges(wire('a'));
  const b = new InstanceExchanges(wire('b'));
  instances.set('a', a).set('b', b);
  const serving: AbortSignal[] = [];
  b.serveWith(async (_request, signal) => {
    serving.push(signal);
    const stream = new ReadableStream<Uint8Array>({
      start: (controller) => controller.enqueue(new TextEncoder().encode('event: message\n\n')),
    });
    return new Response(stream, { headers: { 'content-type': 'text/event-stream' } });
  });
  return { a, b, serving };
}

async function openExchange() {
  const sides = twoInstances();
  const response = await sides.a.forward('b', request, new AbortController().signal);
  expect(response.status).toBe(200);
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
  expect((await reader.read()).value).toBe('event: message\n\n');
  return { ...sides, reader };
}

describe('an exchange whose other instance is taken for gone', () => {
  it('ends the client’s stream when the holder lets go of the asking instance', async () => {
    const { b, reader, serving } = await openExchange();
    b.peerGone('a');
    expect(serving[0]!.aborted).toBe(true);
    expect(await reader.read()).toEqual({ done: true, value: undefined });
  });

  it('stops the holder serving when the asking instance lets go of it', async () => {
    const { a, b, reader, serving } = await openExchange();
    a.peerGone('b');
    expect(await reader.read()).toEqual({ done: true, value: undefined });
    await vi.waitFor(() => expect(serving[0]!.aborted).toBe(true));
    expect(b.peers()).toEqual([]);
  });

  it('ends on both sides when Redis goes away from the holder', async () => {
    const { a, b, reader } = await openExchange();
    b.allLost();
    expect(await reader.read()).toEqual({ done: true, value: undefined });
    expect(a.peers()).toEqual([]);
    expect(b.peers()).toEqual([]);
  });

  it('answers 502 when the holder lets go before its answer began', async () => {
    const { a, b } = twoInstances();
    let started!: () => void;
    const serving = new Promise<void>((resolve) => (started = resolve));
    b.serveWith(
      (_request, signal) =>
        new Promise((resolve) => {
          started();
          signal.addEventListener('abort', () => resolve(new Response('late')));
        }),
    );
    const answer = a.forward('b', request, new AbortController().signal);
    await serving;
    b.peerGone('a');
    const response = await answer;
    expect(response.status).toBe(502);
    expect(await response.text()).toContain('could not answer');
  });
});
