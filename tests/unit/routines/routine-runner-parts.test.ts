import { describe, expect, it, vi } from 'vitest';
import { createMemoryPanelEntryPoints } from '../../../src/platform/memory-panel-entry';
import { createMemoryStore } from '../../../src/platform/memory';
import {
  CHAT_NOTICE_PREFIX,
  CURRENT_WINDOW,
  createPanelEntry,
} from '../../../src/panel-entry/panel-entry';
import { composerRequestKey } from '../../../src/panel-entry/composer-request';
import { workerSideTransport } from '../../../src/messaging/worker-transport';
import type { FromWorker, ToWorker } from '../../../src/messaging/worker-transport';

describe('a routine’s notification', () => {
  it('opens the panel within the click and leaves it the run’s chat', async () => {
    const entryPoints = createMemoryPanelEntryPoints();
    const sessionStore = createMemoryStore();
    const warn = vi.fn();
    const entry = createPanelEntry({ entryPoints, sessionStore, newId: () => 'request-1', warn });
    await entry.init();
    await entryPoints.clickNotice(`${CHAT_NOTICE_PREFIX}chat-7`, 3);
    expect(entryPoints.opened).toEqual([CURRENT_WINDOW]);
    expect(await sessionStore.get(composerRequestKey(3))).toEqual({
      id: 'request-1',
      openChat: 'chat-7',
    });
    expect(warn).not.toHaveBeenCalled();
    // Another notification (a server's, say) is not the panel's.
    await entryPoints.clickNotice('something-else', 3);
    expect(entryPoints.opened).toHaveLength(1);
  });
});

describe('the routine runner’s messages', () => {
  it('pairs each answer with its request, and hands broadcasts to listeners', async () => {
    const posted: FromWorker[] = [];
    let deliver: (data: ToWorker) => void = () => undefined;
    const transport = workerSideTransport({
      postMessage: (message) => posted.push(message),
      addEventListener: (_type, listener) => {
        deliver = (data) => listener({ data } as MessageEvent<ToWorker>);
      },
    });
    const first = transport.send({ type: 'routines/list' });
    const second = transport.send({ type: 'mcp/servers/get' });
    expect(posted.map((message) => message.kind === 'request' && message.message.type)).toEqual([
      'routines/list',
      'mcp/servers/get',
    ]);
    deliver({ kind: 'response', id: posted[1]!.id, response: 'servers' });
    deliver({ kind: 'response', id: posted[0]!.id, failed: true });
    await expect(second).resolves.toBe('servers');
    await expect(first).rejects.toThrow('The background did not answer.');
    const heard: unknown[] = [];
    const stop = transport.subscribe((message) => heard.push(message));
    deliver({ kind: 'broadcast', message: { type: 'routines/changed' } });
    stop();
    deliver({ kind: 'broadcast', message: { type: 'ignored' } });
    expect(heard).toEqual([{ type: 'routines/changed' }]);
  });
});
