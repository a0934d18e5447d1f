import { describe, expect, it } from 'vitest';
import {
  summarizeArguments,
  createActivityLog,
  MAX_ENTRIES,
} from '../../src/browser-access/activity-log';
import { createApprovalBroker } from '../../src/browser-access/approvals';
import { createClientRegistry } from '../../src/browser-access/clients';
import { extensionSocketUrl } from '../../src/browser-access/relay-address';
import type { ApprovalView } from '../../src/messaging/browser-access-contract';
import { createMemoryStore } from '../../src/platform/memory';
import { shareAttention } from '../../src/platform/shared-attention';

describe('the relay address', () => {
  it.each([
    ['http://127.0.0.1:3456', 'ws://127.0.0.1:3456/extension'],
    ['http://localhost:3456/', 'ws://localhost:3456/extension'],
    ['https://relay.example.com/mcp', 'wss://relay.example.com/extension'],
    ['wss://relay.example.com/base/', 'wss://relay.example.com/base/extension'],
    ['ws://127.0.0.1:9/extension?x=1', 'ws://127.0.0.1:9/extension'],
  ])('%s connects to %s', (address, socket) => {
    expect(extensionSocketUrl(address)).toBe(socket);
  });

  it.each([
    ['', /Enter the relay’s address/],
    ['relay.example.com', /not an address/],
    ['ftp://relay.example.com', /starts with http/],
    ['http://relay.example.com', /must use https/],
    ['ws://[::1]:9', /must use https/],
    ['https://user:secret@relay.example.com', /Token field/],
  ])('refuses %j', (address, message) => {
    expect(() => extensionSocketUrl(address)).toThrow(message);
  });
});

const approval = (id: string, clientId = 'c1'): ApprovalView => ({
  id,
  clientId,
  clientName: 'Desk',
  newClient: false,
  tool: 'click',
  description: '',
  source: 'This browser',
  arguments: {},
  requestedAt: 0,
});

describe('approvals', () => {
  it('wait for the answer, and list what waits', async () => {
    const seen: number[] = [];
    const broker = createApprovalBroker((waiting) => seen.push(waiting.length));
    const asked = broker.ask(approval('a'), new AbortController().signal);
    expect(broker.list().map((view) => view.id)).toEqual(['a']);
    expect(broker.answer('a', 'always')).toBe(true);
    await expect(asked).resolves.toBe('always');
    expect(broker.answer('a', 'deny')).toBe(false);
    expect(seen).toEqual([1, 0]);
  });

  it('end as gone when the client gives up, and as timeout when nobody answers', async () => {
    const broker = createApprovalBroker(() => undefined);
    const controller = new AbortController();
    const gone = broker.ask(approval('a'), controller.signal);
    controller.abort();
    await expect(gone).resolves.toBe('gone');
    await expect(broker.ask(approval('b'), new AbortController().signal, 5)).resolves.toBe(
      'timeout',
    );
    expect(broker.list()).toEqual([]);
  });

  it('are all denied at once, or one client’s', async () => {
    const broker = createApprovalBroker(() => undefined);
    const signal = new AbortController().signal;
    const mine = broker.ask(approval('a', 'c1'), signal);
    const theirs = broker.ask(approval('b', 'c2'), signal);
    broker.denyAll('c1');
    await expect(mine).resolves.toBe('deny');
    expect(broker.list().map((view) => view.id)).toEqual(['b']);
    broker.denyAll();
    await expect(theirs).resolves.toBe('deny');
  });
});

describe('the activity log', () => {
  it('summarizes arguments briefly', () => {
    expect(summarizeArguments({ url: 'https://example.com', tabId: 3 })).toBe(
      'url: "https://example.com", tabId: 3',
    );
    const long = summarizeArguments({ text: 'x'.repeat(500), more: 'y'.repeat(500) });
    expect(long.length).toBeLessThanOrEqual(240);
    expect(long).toContain('…');
  });

  it('keeps the newest entries, survives a new worker, and clears', async () => {
    const store = createMemoryStore();
    const log = createActivityLog(store, () => undefined);
    for (let index = 0; index < MAX_ENTRIES + 5; index += 1) {
      await log.add({
        time: index,
        clientId: 'c',
        clientName: 'C',
        tool: `t${index}`,
        summary: '',
        outcome: 'ok',
      });
    }
    const again = createActivityLog(store, () => undefined);
    const entries = await again.list();
    expect(entries).toHaveLength(MAX_ENTRIES);
    expect(entries[0]?.tool).toBe(`t${MAX_ENTRIES + 4}`);
    await again.clear();
    expect(await createActivityLog(store, () => undefined).list()).toEqual([]);
  });
});

describe('clients', () => {
  const identity = { user: 'alice', token: 'jti-1', name: 'Desk', version: '1.0' };

  it('are their token: another name on it is the same client, another token is not', async () => {
    const store = createMemoryStore();
    const clients = createClientRegistry(store);
    const desk = await clients.identify(identity);
    expect(desk.policy).toBe('new');
    expect((await clients.identify({ ...identity, name: 'Claude' })).id).toBe(desk.id);
    expect((await clients.get(desk.id))?.otherNames).toEqual(['Claude']);
    expect((await clients.identify({ ...identity, token: 'jti-2' })).id).not.toBe(desk.id);
    expect((await clients.identify({ ...identity, user: 'bob' })).id).not.toBe(desk.id);
    await clients.setPolicy(desk.id, 'read-only');
    const again = createClientRegistry(store);
    expect((await again.identify(identity)).policy).toBe('read-only');
  });

  it('keep new clients in memory only, so made-up ones cannot push out decisions', async () => {
    const store = createMemoryStore();
    const clients = createClientRegistry(store);
    const desk = await clients.identify(identity);
    await clients.setPolicy(desk.id, 'blocked');
    for (let index = 0; index < 120; index += 1)
      await clients.identify({ ...identity, token: `made-up-${index}` });
    const again = createClientRegistry(store);
    const views = await again.views();
    expect(views.map((view) => [view.id, view.policy])).toEqual([[desk.id, 'blocked']]);
    expect((await clients.views()).length).toBe(51);
  });

  it('count connections, remember tools as described, and forget', async () => {
    const clients = createClientRegistry(createMemoryStore());
    const desk = await clients.identify(identity);
    const end = clients.opened(desk.id);
    clients.opened(desk.id);
    end();
    end();
    expect((await clients.views())[0]?.connected).toBe(1);
    await clients.allowAlways(desk.id, 'click', 'v1');
    await clients.allowAlways(desk.id, 'click', 'v2');
    expect(await clients.get(desk.id)).toMatchObject({
      policy: 'ask',
      alwaysAllow: [{ name: 'click', definition: 'v2' }],
    });
    await clients.forget(desk.id);
    await expect(clients.setPolicy(desk.id, 'all')).rejects.toMatchObject({ code: 'not-found' });
  });
});

describe('one badge for several waits', () => {
  it('shows the sum of what each reports', () => {
    const shown: number[] = [];
    const share = shareAttention({ showWaiting: (count) => shown.push(count) });
    const asks = share();
    const calls = share();
    asks.showWaiting(2);
    calls.showWaiting(1);
    asks.showWaiting(0);
    expect(shown).toEqual([2, 3, 1]);
  });
});
