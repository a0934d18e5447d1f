/**
 * The browser as an MCP server, through the real relay: the link's handshake, the hub's tools,
 * and the person's control over each client (new clients wait, policies, blocking, the switch),
 * with every call in the activity log.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startLinkedHarness, type Harness } from '../../helpers/browser-access-harness';

let harness: Harness;
const remoteCalls: string[] = [];

const linked = () => startLinkedHarness({ remoteCalls });

const textOf = (result: unknown) =>
  ((result as { content: { type: string; text?: string }[] }).content ?? [])
    .map((block) => block.text ?? '')
    .join('\n');

/** The person shows their inbox (another origin) in a new tab: tab 1 is no longer active. */
async function showInbox() {
  (await harness.control.getTab(1))!.active = false;
  await harness.control.openTab('https://mail.example/inbox', true);
}

/** Answers the first waiting approval once it shows. */
async function answerNext(decision: 'approve' | 'deny' | 'always') {
  await expect
    .poll(async () => (await harness.view()).approvals.length, { timeout: 10_000 })
    .toBeGreaterThan(0);
  const [waiting] = (await harness.view()).approvals;
  expect(harness.access.answer(waiting!.id, decision)).toBe(true);
  return waiting!;
}

beforeEach(async () => {
  remoteCalls.length = 0;
  harness = await linked();
});
afterEach(async () => {
  await harness.close();
});

describe('the relay link', () => {
  it('connects, authenticates and shows the id the relay gave, without the token', async () => {
    const view = await harness.view();
    expect(view.link).toMatchObject({ state: 'connected', hasToken: true, wanted: true });
    expect(view.link.extensionId).toMatch(/^ext-/);
    // Tokens are JWTs ("eyJ…"): none is in what the panel sees.
    expect(JSON.stringify(view)).not.toContain('eyJ');
  });

  it('refuses a bad address with a specific error and keeps what was saved', async () => {
    await expect(harness.access.saveLink({ url: 'not a url' })).rejects.toMatchObject({
      code: 'invalid-input',
      field: 'url',
    });
    await expect(harness.access.saveLink({ url: 'http://relay.example.com' })).rejects.toThrow(
      /https/,
    );
    expect((await harness.view()).link.url).toBe(harness.relay.url);
  });

  it('refuses a new relay’s address without its token and keeps the link it has', async () => {
    const elsewhere = 'http://127.0.0.1:1';
    await expect(harness.access.saveLink({ url: elsewhere })).rejects.toMatchObject({
      code: 'invalid-input',
      field: 'token',
    });
    expect((await harness.view()).link).toMatchObject({
      url: harness.relay.url,
      hasToken: true,
      state: 'connected',
    });
    // The same relay keeps its token: a new name alone is saved.
    await harness.access.saveLink({ url: harness.relay.url, name: 'Work laptop' });
    expect((await harness.view()).link).toMatchObject({ name: 'Work laptop', hasToken: true });
  });

  it('says the relay refused the token, and does not retry', async () => {
    await harness.access.saveLink({ url: harness.relay.url, token: 'not-a-token' });
    await expect
      .poll(async () => (await harness.view()).link.state, { timeout: 10_000 })
      .toBe('error');
    expect((await harness.view()).link.error).toMatch(/refused the token/);
    expect(harness.alarms.scheduled().size).toBe(0);
  });

  it('says which token to paste when given a client’s, and does not retry', async () => {
    await harness.access.saveLink({
      url: harness.relay.url,
      token: await harness.relay.token('alice', 'client'),
    });
    await expect
      .poll(async () => (await harness.view()).link.state, { timeout: 10_000 })
      .toBe('error');
    expect((await harness.view()).link.error).toMatch(
      /refused the token\. Paste a browser token \(npm run relay -- token --role browser\)/,
    );
    expect(harness.alarms.scheduled().size).toBe(0);
  });

  it('says when its token expired on the open link, and does not retry', async () => {
    const before = harness.broadcastStates().length;
    await harness.access.saveLink({
      url: harness.relay.url,
      token: await harness.relay.token('alice', 'browser', '2s'),
    });
    await expect
      .poll(async () => (await harness.view()).link.state, { timeout: 10_000 })
      .toBe('error');
    // It was let in with that token, and the relay closed the link when the token expired.
    expect(harness.broadcastStates().slice(before)).toContain('connected');
    expect((await harness.view()).link.error).toMatch(/token expired\. Paste a browser token/);
    expect(harness.alarms.scheduled().size).toBe(0);
  });

  it('says another of the person’s browsers has its name at the relay, and does not retry', async () => {
    const { name } = (await harness.view()).link;
    await harness.access.disconnect();
    const { connectStandIn } = await import('../../../relay/test/stand-in-extension');
    const other = await connectStandIn({
      relayUrl: harness.relay.url,
      token: await harness.relay.token('alice', 'browser'),
      name,
    });
    try {
      await harness.access.connect();
      await expect
        .poll(async () => (await harness.view()).link.state, { timeout: 10_000 })
        .toBe('error');
      expect((await harness.view()).link.error).toMatch(/Give this browser another name/);
      expect(harness.alarms.scheduled().size).toBe(0);
    } finally {
      await other.close();
    }
  });

  it('outlives the worker: a new worker finds the link up, and a client’s session goes on', async () => {
    const client = await harness.client('Desk');
    const listed = (await client.listTools()).tools.length;
    const before = harness.broadcastStates().length;
    harness.restartWorker();
    // The host kept the link: the new worker reads its state, and its alarm keeps watch.
    expect((await harness.view()).link.state).toBe('connected');
    harness.alarms.fire('browser-access-relay-retry');
    await expect
      .poll(() => [...harness.alarms.scheduled().keys()])
      .toEqual(['browser-access-relay-retry']);
    expect((await client.listTools()).tools).toHaveLength(listed);
    expect(harness.broadcastStates().slice(before)).not.toContain('connecting');
  });

  it('opens the host again from its watchdog alarm when the host vanished', async () => {
    harness.host.vanish();
    const before = harness.broadcastStates().length;
    // Nothing else wakes this worker (no panel asks): the alarm does, and it links again.
    harness.alarms.fire('browser-access-relay-retry');
    await expect
      .poll(() => harness.broadcastStates().slice(before), { timeout: 10_000 })
      .toEqual(expect.arrayContaining(['connecting', 'connected']));
    expect(harness.host.running()).toBe(true);
    expect([...harness.alarms.scheduled().keys()]).toEqual(['browser-access-relay-retry']);
  });

  it('retries when the relay goes away, and comes back when it is there again', async () => {
    const port = Number(new URL(harness.relay.url).port);
    await harness.relay.close();
    await expect
      .poll(async () => (await harness.view()).link.state, { timeout: 10_000 })
      .toBe('retrying');
    expect((await harness.view()).link.error).toMatch(/lost/);
    expect([...harness.alarms.scheduled().keys()]).toContain('browser-access-relay-retry');
    const { startTestRelay } = await import('../../../relay/test/helpers');
    const again = await startTestRelay({ port });
    harness.relay = again;
    await expect
      .poll(async () => (await harness.view()).link.state, { timeout: 10_000 })
      .toBe('connected');
  });
});

describe('an external client', () => {
  it('lists the browser’s tools, and the connected servers’ once it is let in', async () => {
    const client = await harness.client('Desk');
    const before = (await client.listTools()).tools.map((tool) => tool.name);
    expect(before).toEqual(expect.arrayContaining(['tabs_list', 'read_page', 'click']));
    expect(before).not.toContain('notes__add_note');
    const changed = new Promise<void>((resolve) =>
      client.setNotificationHandler('notifications/tools/list_changed', () => resolve()),
    );
    const [record] = (await harness.view()).clients;
    await harness.access.setPolicy(record!.id, 'ask');
    await changed;
    const { tools } = await client.listTools();
    const names = tools.map((tool) => tool.name);
    expect(names).toEqual(
      expect.arrayContaining(['tabs_list', 'read_page', 'click', 'notes__add_note']),
    );
    expect(tools.find((tool) => tool.name === 'read_page')?.annotations).toMatchObject({
      readOnlyHint: true,
    });
    expect(tools.find((tool) => tool.name === 'click')?.annotations).toMatchObject({
      destructiveHint: true,
    });
    expect((await harness.view()).clients).toEqual([
      expect.objectContaining({ name: 'Desk', version: '2.0.0', policy: 'ask', user: 'alice' }),
    ]);
  });

  it('waits for the person on its first call; approving lets it in, asking each time', async () => {
    const client = await harness.client('Desk');
    const call = client.callTool({ name: 'tabs_list', arguments: {} });
    const asked = await answerNext('approve');
    expect(asked).toMatchObject({ clientName: 'Desk', newClient: true, tool: 'tabs_list' });
    expect(textOf(await call)).toContain('Example — https://example.com/');
    const [client1] = (await harness.view()).clients;
    expect(client1?.policy).toBe('ask');
    // Asked again for the next call.
    const second = client.callTool({ name: 'notes__add_note', arguments: { text: 'hi' } });
    const again = await answerNext('always');
    expect(again).toMatchObject({ newClient: false, source: 'Notes' });
    expect(textOf(await second)).toBe('noted hi');
    // Always allowed now: no question.
    expect(
      textOf(await client.callTool({ name: 'notes__add_note', arguments: { text: 'x' } })),
    ).toBe('noted x');
    expect(remoteCalls).toEqual(['notes/add_note', 'notes/add_note']);
    const activity = (await harness.view()).activity;
    expect(activity.map((entry) => [entry.tool, entry.outcome])).toEqual([
      ['notes__add_note', 'ok'],
      ['notes__add_note', 'ok'],
      ['tabs_list', 'ok'],
    ]);
    expect(activity[0]).toMatchObject({ clientName: 'Desk', summary: 'text: "x"' });
  });

  it('gets an error when the person denies the call, and the log says so', async () => {
    const client = await harness.client('Desk');
    const call = client.callTool({ name: 'click', arguments: { ref: 'e1' } });
    const asked = await answerNext('deny');
    // The card says which page the click would land on.
    expect(asked.target).toEqual({
      tabId: 1,
      url: 'https://example.com/',
      title: 'Example',
      documentId: 'doc-1-0',
    });
    const result = await call;
    expect(result.isError).toBe(true);
    expect(textOf(result)).toMatch(/denied/);
    expect(harness.control.clicks).toEqual([]);
    expect((await harness.view()).activity[0]).toMatchObject({ tool: 'click', outcome: 'denied' });
  });

  it('with read-only tools allowed, reads without asking and is refused a click', async () => {
    const client = await harness.client('Reader');
    await client.listTools();
    const [record] = (await harness.view()).clients;
    await harness.access.setPolicy(record!.id, 'read-only');
    expect(textOf(await client.callTool({ name: 'read_page', arguments: {} }))).toContain(
      'Text of tab 1',
    );
    const refused = await client.callTool({ name: 'click', arguments: { ref: 'e1' } });
    expect(refused.isError).toBe(true);
    expect(textOf(refused)).toMatch(/read-only tools only/);
    expect(harness.control.clicks).toEqual([]);
    expect((await harness.view()).activity.map((entry) => entry.outcome)).toEqual([
      'refused',
      'ok',
    ]);
  });

  it('once blocked, lists nothing and runs nothing', async () => {
    const client = await harness.client('Pest');
    await client.listTools();
    const [record] = (await harness.view()).clients;
    await harness.access.setPolicy(record!.id, 'blocked');
    await expect(client.listTools()).rejects.toThrow(/blocked this client/);
    const refused = await client.callTool({ name: 'click', arguments: { ref: 'e1' } });
    expect(refused.isError).toBe(true);
    expect(textOf(refused)).toMatch(/blocked this client/);
    expect(harness.control.clicks).toEqual([]);
    expect((await harness.view()).activity[0]).toMatchObject({ tool: 'click', outcome: 'blocked' });
  });

  it('runs on the tab its card named, though the person showed another before answering', async () => {
    const client = await harness.client('Desk');
    const call = client.callTool({ name: 'read_page', arguments: {} });
    await expect
      .poll(async () => (await harness.view()).approvals.length, { timeout: 10_000 })
      .toBe(1);
    const [waiting] = (await harness.view()).approvals;
    expect(waiting!.target).toEqual({
      tabId: 1,
      url: 'https://example.com/',
      title: 'Example',
      documentId: 'doc-1-0',
    });
    // The person switches to their inbox while the card waits, then approves.
    await showInbox();
    harness.access.answer(waiting!.id, 'approve');
    const read = textOf(await call);
    expect(read).toContain('Text of tab 1');
    expect(read).not.toContain('Text of tab 2');
  });

  it('refuses the call when its tab went to another origin before the person answered', async () => {
    const client = await harness.client('Desk');
    const call = client.callTool({ name: 'read_page', arguments: {} });
    await expect
      .poll(async () => (await harness.view()).approvals.length, { timeout: 10_000 })
      .toBe(1);
    const [waiting] = (await harness.view()).approvals;
    const tab = (await harness.control.getTab(1))!;
    tab.url = 'https://mail.example/inbox';
    harness.access.answer(waiting!.id, 'approve');
    const refused = await call;
    expect(refused.isError).toBe(true);
    expect(textOf(refused)).toMatch(
      /Tab 1 is now on https:\/\/mail\.example, not on https:\/\/example\.com .*nothing was done/,
    );
    expect((await harness.view()).activity[0]).toMatchObject({
      tool: 'read_page',
      outcome: 'error',
    });
  });

  it('shows the start of its token’s id with the name it gives', async () => {
    const token = await harness.relay.token('alice', 'client');
    const jti = (
      JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as {
        jti: string;
      }
    ).jti;
    const client = await harness.client('Desk', { token });
    const call = client.callTool({ name: 'tabs_list', arguments: {} });
    const asked = await answerNext('approve');
    await call;
    expect(asked).toMatchObject({
      clientName: 'Desk',
      clientUser: 'alice',
      tokenHint: jti.slice(0, 8),
    });
    expect((await harness.view()).clients[0]?.tokenHint).toBe(jti.slice(0, 8));
  });

  it('is its token, whatever name it gives, on every transport', async () => {
    const token = await harness.relay.token('alice', 'client');
    const desk = await harness.client('Desk', { token });
    const legacy = await harness.client('Desk', { token, transport: 'sse' });
    const modern = await harness.client('Desk', { token, era: 'modern' });
    const renamed = await harness.client('Trusted App', { token, era: 'modern' });
    const otherToken = await harness.client('Desk');
    for (const client of [desk, legacy, modern, renamed, otherToken]) await client.listTools();
    const seen = (await harness.view()).clients;
    expect(seen).toHaveLength(2);
    expect(seen.map((client) => client.tokenHint)).not.toContain(token.slice(-6));
    const mine = seen.find((client) => client.otherNames.includes('Trusted App'))!;
    expect(mine).toMatchObject({ name: 'Desk', connected: 2 });
    // A read-only client that renames itself stays read-only.
    await harness.access.setPolicy(mine.id, 'read-only');
    const refused = await renamed.callTool({ name: 'click', arguments: { ref: 'e1' } });
    expect(textOf(refused)).toMatch(/read-only tools only/);
  });

  it('with read-only tools allowed, is still asked about a server’s “read-only” tool', async () => {
    const client = await harness.client('Reader');
    await client.listTools();
    const [record] = (await harness.view()).clients;
    await harness.access.setPolicy(record!.id, 'read-only');
    // The hint is the server's word, not Patchbay's: the person decides.
    const call = client.callTool({ name: 'notes__list_notes', arguments: {} });
    const asked = await answerNext('approve');
    expect(asked).toMatchObject({ tool: 'notes__list_notes', source: 'Notes' });
    expect(textOf(await call)).toBe('2 notes');
  });

  it('all allowed, runs everything without asking', async () => {
    const client = await harness.client('Trusted', { era: 'modern' });
    await client.listTools();
    const [record] = (await harness.view()).clients;
    await harness.access.setPolicy(record!.id, 'all');
    expect(textOf(await client.callTool({ name: 'click', arguments: { ref: 'e4' } }))).toMatch(
      /Clicked button e4/,
    );
    expect(harness.control.clicks).toEqual(['e4']);
  });

  it('the switch denies waiting calls, ends the link and refuses to connect', async () => {
    const client = await harness.client('Desk');
    const call = client.callTool({ name: 'tabs_list', arguments: {} });
    await expect
      .poll(async () => (await harness.view()).approvals.length, { timeout: 10_000 })
      .toBe(1);
    await harness.access.setEnabled(false);
    // The waiting call is denied at once; the link then goes, so the answer may not arrive.
    const result = await call.then(
      (answer) => textOf(answer),
      (error: Error) => error.message,
    );
    expect(result).toMatch(/denied this call|disconnected|Connection closed/);
    expect((await harness.view()).approvals).toEqual([]);
    await expect
      .poll(async () => (await harness.view()).link.state, { timeout: 10_000 })
      .toBe('off');
    await expect(harness.access.connect()).rejects.toMatchObject({ code: 'not-enabled' });
  });
});
