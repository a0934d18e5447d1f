// @vitest-environment happy-dom
import { cleanup, renderHook, waitFor } from '@testing-library/react';
import type { UIMessage } from 'ai';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useBrowserTargets } from '../../../../components/chat/use-browser-targets';
import { createToolNameMap } from '../../../../src/model-tools/tool-names';
import type { PatchbayClient } from '../../../../src/messaging/client';
import { withClient } from '../../../helpers/with-client';

afterEach(cleanup);

const NEWS = { tabId: 3, url: 'https://news.example/today', title: 'News' };

const call = (toolCallId: string, toolName: string, state = 'approval-requested'): UIMessage => ({
  id: `m-${toolCallId}`,
  role: 'assistant',
  parts: [
    {
      type: 'dynamic-tool',
      toolName,
      toolCallId,
      state,
      input: { format: 'text' },
      ...(state === 'approval-requested' ? { approval: { id: `a-${toolCallId}` } } : {}),
    } as UIMessage['parts'][number],
  ],
});

const browserTools = createToolNameMap([
  { serverId: 'browser', name: 'read_page' },
  { serverId: 'browser', name: 'tabs_list' },
  { serverId: 'notes', name: 'add_note' },
]);

function fakeClient(answer: (payload: { name: string }) => Promise<unknown>) {
  const request = vi.fn(async (_type: string, payload: { name: string }) => answer(payload));
  return { client: { request } as unknown as PatchbayClient, request };
}

describe('the chat’s browser tool cards', () => {
  it('ask once per call for its tab, with the tool’s own name and arguments', async () => {
    const { client, request } = fakeClient(async () => ({ target: NEWS }));
    const messages = [call('c1', 'browser__read_page'), call('c2', 'notes__add_note')];
    const { result, rerender } = renderHook(({ list }) => useBrowserTargets(list, browserTools), {
      initialProps: { list: messages },
      wrapper: withClient(client),
    });
    expect(result.current.get('c1')).toEqual({ status: 'finding' });
    await waitFor(() =>
      expect(result.current.get('c1')).toEqual({ status: 'found', target: NEWS }),
    );
    rerender({ list: [...messages] });
    expect(request).toHaveBeenCalledTimes(1);
    expect(request).toHaveBeenCalledWith('browser-access/chat/target', {
      callId: 'c1',
      name: 'read_page',
      arguments: { format: 'text' },
    });
    expect(result.current.has('c2')).toBe(false);
  });

  it('ask only for calls waiting for approval, once the tools are known', async () => {
    const { client, request } = fakeClient(async () => ({ target: NEWS }));
    const messages = [
      call('c1', 'browser__read_page'),
      call('c0', 'browser__read_page', 'output-available'),
    ];
    const { result, rerender } = renderHook(({ names }) => useBrowserTargets(messages, names), {
      initialProps: { names: createToolNameMap([]) },
      wrapper: withClient(client),
    });
    expect(request).not.toHaveBeenCalled();
    rerender({ names: browserTools });
    await waitFor(() => expect(result.current.get('c1')?.status).toBe('found'));
    expect(request).toHaveBeenCalledTimes(1);
    expect(result.current.has('c0')).toBe(false);
  });

  it('say when there is no tab, none to name, or the question failed', async () => {
    const { client } = fakeClient(async ({ name }) => {
      if (name === 'tabs_list') return {};
      throw new Error('the worker is gone');
    });
    const { result } = renderHook(
      () =>
        useBrowserTargets(
          [call('c1', 'browser__tabs_list'), call('c2', 'browser__read_page')],
          browserTools,
        ),
      { wrapper: withClient(client) },
    );
    await waitFor(() =>
      expect(result.current.get('c2')).toEqual({ status: 'failed', message: 'the worker is gone' }),
    );
    await waitFor(() => expect(result.current.has('c1')).toBe(false));
    const missing = fakeClient(async () => ({ missing: 'No tab is active.' }));
    const { result: other } = renderHook(
      () => useBrowserTargets([call('c3', 'browser__read_page')], browserTools),
      { wrapper: withClient(missing.client) },
    );
    await waitFor(() =>
      expect(other.current.get('c3')).toEqual({ status: 'missing', reason: 'No tab is active.' }),
    );
  });
});
