// @vitest-environment happy-dom
import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { useServers } from '../../../../components/servers/use-servers';
import { createPatchbayClient } from '../../../../src/messaging/client';
import type { Broadcast, ServerView } from '../../../../src/messaging/contract';
import { withClient } from '../../../helpers/with-client';

afterEach(cleanup);

const docs: ServerView = {
  id: 'custom-1',
  name: 'Docs',
  url: 'https://docs.example.com/mcp',
  description: 'Custom server at docs.example.com',
  requiresAuthentication: false,
  isCustom: true,
  isEnabled: false,
  status: { state: 'disconnected' },
  toolCount: 0,
};

/** A background that answers from a fixed list and counts what it was asked. */
function fakeBackground() {
  const requests: string[] = [];
  const listeners = new Set<(message: unknown) => void>();
  const client = createPatchbayClient({
    async send(message) {
      requests.push(message.type);
      if (message.type === 'mcp/servers/get') return { ok: true, result: { servers: [docs] } };
      return { ok: true, result: { tools: [], disabled: [] } };
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  });
  const broadcast = (message: Broadcast) =>
    act(() => listeners.forEach((listen) => listen(message)));
  return { client, requests, broadcast };
}

describe('the side panel’s server store', () => {
  it('applies the server view each broadcast carries, without asking the background again', async () => {
    const background = fakeBackground();
    const { result } = renderHook(() => useServers(), {
      wrapper: withClient(background.client),
    });
    await waitFor(() => expect(result.current.servers).toEqual([docs]), { timeout: 4_000 });
    const asked = background.requests.length;

    const connected: ServerView = {
      ...docs,
      isEnabled: true,
      status: { state: 'connected' },
      toolCount: 4,
      transport: 'streamable-http',
      protocolVersion: '2026-07-28',
    };
    background.broadcast({
      type: 'mcp/status/changed',
      payload: { serverId: docs.id, status: connected.status, server: connected },
    });
    expect(result.current.servers).toEqual([connected]);
    expect(background.requests.length).toBe(asked);

    // A tool-list change updates the view and loads that server's tools, nothing more.
    background.broadcast({
      type: 'mcp/tools/changed',
      payload: { serverId: docs.id, server: { ...connected, toolCount: 5 } },
    });
    expect(result.current.servers?.[0]?.toolCount).toBe(5);
    await waitFor(
      () => expect(background.requests.slice(asked)).toEqual([`mcp/${docs.id}/tools/get`]),
      { timeout: 4_000 },
    );
  });

  it('shows switched-off tools as set at once, and what the worker keeps once read back', async () => {
    const background = fakeBackground();
    const { result } = renderHook(() => useServers(), {
      wrapper: withClient(background.client),
    });
    await act(() => result.current.loadTools(docs.id));
    expect(result.current.tools[docs.id]?.disabled).toEqual([]);
    act(() => result.current.showDisabled(docs.id, ['search']));
    expect(result.current.tools[docs.id]?.disabled).toEqual(['search']);
    // A server whose tools were never loaded gets no list made up for it.
    act(() => result.current.showDisabled('other', ['search']));
    expect(result.current.tools.other).toBeUndefined();
    // Read back: the worker's list (this one kept none) wins.
    await act(() => result.current.loadTools(docs.id));
    expect(result.current.tools[docs.id]?.disabled).toEqual([]);
  });
});
