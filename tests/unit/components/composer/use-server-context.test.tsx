// @vitest-environment happy-dom
import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import type { UIMessage } from 'ai';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useServerContext } from '../../../../components/composer/use-server-context';
import { attachmentParts } from '../../../../src/chat-message/resource-parts';
import type { PatchbayClient } from '../../../../src/messaging/client';
import type { Broadcast } from '../../../../src/messaging/contract';
import { serverView } from '../../../helpers/server-view';
import { withClient } from '../../../helpers/with-client';

afterEach(cleanup);

const docs = serverView('docs', 'Docs', {
  url: 'https://docs.example.com/mcp',
  features: { resources: true, resourceSubscriptions: true, prompts: false, completions: false },
});

function fakeClient(text: () => string) {
  const listeners = new Set<(message: Broadcast) => void>();
  const calls: { action: string; payload: unknown }[] = [];
  const client = {
    request: vi.fn(async (type: string) =>
      type === 'mcp/resources/list' ? { resources: [], templates: [] } : { prompts: [] },
    ),
    server: vi.fn(async (_serverId: string, action: string, payload: unknown) => {
      calls.push({ action, payload });
      if (action === 'resources/read')
        return { contents: [{ uri: 'notes://today', text: text() }] };
      return { subscribed: action === 'resources/subscribe' };
    }),
    onBroadcast(listener: (message: Broadcast) => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  } as unknown as PatchbayClient;
  const broadcast = (message: Broadcast) => {
    for (const listener of listeners) listener(message);
  };
  return { client, calls, broadcast };
}

const withResource: UIMessage[] = [
  {
    id: 'm1',
    role: 'user',
    parts: [
      { type: 'text', text: 'Summarize' },
      ...attachmentParts({ serverId: 'docs', uri: 'notes://today', name: 'today' }, [
        { uri: 'notes://today', text: 'old' },
      ]),
    ],
  },
];

describe('keeping resources in the conversation fresh', () => {
  it('subscribes, reads again when told, and lets go when the panel closes', async () => {
    const current = 'new';
    const { client, calls, broadcast } = fakeClient(() => current);
    let messages = withResource;
    const replaceMessages = vi.fn((update: (previous: UIMessage[]) => UIMessage[]) => {
      messages = update(messages);
    });
    const { unmount } = renderHook(
      () => useServerContext({ servers: [docs], messages, replaceMessages }),
      { wrapper: withClient(client) },
    );
    await waitFor(
      () =>
        expect(calls).toContainEqual({
          action: 'resources/subscribe',
          payload: { uri: 'notes://today' },
        }),
      { timeout: 4_000 },
    );

    act(() =>
      broadcast({
        type: 'mcp/resource/updated',
        payload: { serverId: 'docs', uri: 'notes://today' },
      }),
    );
    await waitFor(() => expect(replaceMessages).toHaveBeenCalled(), { timeout: 4_000 });
    expect(JSON.stringify(messages)).toContain('"text":"new"');

    // The same text again changes nothing.
    replaceMessages.mockClear();
    const before = messages;
    act(() =>
      broadcast({
        type: 'mcp/resource/updated',
        payload: { serverId: 'docs', uri: 'notes://today' },
      }),
    );
    await waitFor(() => expect(replaceMessages).toHaveBeenCalled(), { timeout: 4_000 });
    expect(messages).toBe(before);

    // A change from a server or resource nobody subscribed to is not read.
    const reads = calls.filter((call) => call.action === 'resources/read').length;
    act(() =>
      broadcast({
        type: 'mcp/resource/updated',
        payload: { serverId: 'docs', uri: 'notes://other' },
      }),
    );
    expect(calls.filter((call) => call.action === 'resources/read').length).toBe(reads);

    act(() => {
      window.dispatchEvent(new Event('pagehide'));
    });
    expect(calls.filter((call) => call.action === 'resources/unsubscribe')).toEqual([
      { action: 'resources/unsubscribe', payload: { uri: 'notes://today' } },
    ]);
    unmount();
    // Let go once, not again on unmount.
    expect(calls.filter((call) => call.action === 'resources/unsubscribe')).toHaveLength(1);
  });

  it('does not subscribe where the server does not tell of changes', async () => {
    const { client, calls } = fakeClient(() => 'x');
    renderHook(
      () =>
        useServerContext({
          servers: [{ ...docs, features: { ...docs.features!, resourceSubscriptions: false } }],
          messages: withResource,
          replaceMessages: vi.fn(),
        }),
      { wrapper: withClient(client) },
    );
    await waitFor(() => expect(client.request).toHaveBeenCalled(), { timeout: 4_000 });
    expect(calls.filter((call) => call.action === 'resources/subscribe')).toEqual([]);
  });
});
