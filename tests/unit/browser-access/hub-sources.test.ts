import { describe, expect, it, vi } from 'vitest';
import { hubSources } from '../../../src/browser-access/hub-sources';
import type { CallToolResultView, ServerView } from '../../../src/messaging/contract';

const answered: CallToolResultView = { content: [{ type: 'text', text: 'done' }] };

function setup(callTool: () => Promise<CallToolResultView>) {
  const manager = {
    listEnabledTools: vi.fn(async () => []),
    listServers: vi.fn(async () => [{ id: 'docs', name: 'Docs' }] as ServerView[]),
    callTool: vi.fn((_serverId: string, _payload: { callId?: string }) => callTool()),
    cancelTool: vi.fn(async (_serverId: string, _call: { callId: string }) => true),
  };
  const pageTools = { views: vi.fn(async () => []), call: vi.fn(async () => answered) };
  const sources = hubSources(manager, pageTools);
  return { manager, pageTools, sources };
}

describe('the sources browser access offers', () => {
  it('names the servers by their ids', async () => {
    const { sources } = setup(async () => answered);
    await expect(sources.serverNames()).resolves.toEqual(new Map([['docs', 'Docs']]));
  });

  it('calls a server’s tool with an id of its own and cancels nothing when it ends', async () => {
    const { sources, manager } = setup(async () => answered);
    const result = await sources.callRemote(
      'docs',
      'search',
      { q: 'x' },
      new AbortController().signal,
    );
    expect(result).toBe(answered);
    const [serverId, payload] = manager.callTool.mock.calls[0]!;
    expect(serverId).toBe('docs');
    expect(payload).toEqual({ name: 'search', arguments: { q: 'x' }, callId: expect.any(String) });
    expect(manager.cancelTool).not.toHaveBeenCalled();
  });

  it('cancels the call on its server when the client’s call is aborted', async () => {
    const abort = new AbortController();
    let finish: (value: unknown) => void = () => undefined;
    const { sources, manager } = setup(
      () => new Promise((resolve) => (finish = resolve as (value: unknown) => void)),
    );
    const call = sources.callRemote('docs', 'search', {}, abort.signal);
    abort.abort();
    const { callId } = manager.callTool.mock.calls[0]![1];
    expect(manager.cancelTool).toHaveBeenCalledWith('docs', { callId });
    finish(answered);
    await call;
    abort.signal.dispatchEvent(new Event('abort'));
    expect(manager.cancelTool).toHaveBeenCalledTimes(1);
  });

  it('passes the sites’ tools and their calls to the page tools', async () => {
    const { sources, pageTools } = setup(async () => answered);
    await sources.pageTools();
    await expect(sources.callPage('site_tool', { a: 1 })).resolves.toBe(answered);
    expect(pageTools.views).toHaveBeenCalledTimes(1);
    expect(pageTools.call).toHaveBeenCalledWith('site_tool', { a: 1 });
  });
});
