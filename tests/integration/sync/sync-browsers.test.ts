/**
 * Two browsers of one person, each with its own storage and sync area, joined as Chrome's sync
 * joins them: they converge by the merge rule, and a server arrives without its secrets.
 */
import { describe, expect, it } from 'vitest';
import type { ServerConfig } from '../../../src/mcp/catalog';
import { createMemoryStore } from '../../../src/platform/memory';
import {
  createLocalWatch,
  createMemorySyncArea,
  linkSyncAreas,
} from '../../../src/platform/memory-sync';
import { createSyncRunner } from '../../../src/sync/sync-runner';
import { createHarness } from '../../helpers/manager-harness';
import { SECRET_HEADER, SERVER } from '../../helpers/backup-store';

let clock = 1_000;

function aBrowser(initial: Record<string, unknown> = {}) {
  const store = createMemoryStore(initial);
  const area = createMemorySyncArea();
  const reloads: number[] = [];
  const runner = createSyncRunner({
    store,
    area,
    now: () => clock,
    watchLocal: createLocalWatch(),
    reloadServers: async () => reloads.push(clock),
    onStatus: () => undefined,
  });
  const customServers = async () => (await store.get<ServerConfig[]>('customMcpServers')) ?? [];
  return { store, area, runner, reloads, customServers };
}

/** Both browsers sync, Chrome delivers, both sync again: what a person sees after a while. */
async function settle({ a, b, link }: ReturnType<typeof twoBrowsers>) {
  for (let round = 0; round < 3; round += 1) {
    clock += 10;
    await a.runner.run();
    link.deliver();
    await b.runner.run();
    link.deliver();
  }
}

/** A browser's runner hears its change `later` ms on (before Chrome delivers anything). */
async function changedAt(browser: ReturnType<typeof aBrowser>, later: number) {
  clock += later;
  await browser.runner.run();
}

function twoBrowsers() {
  const a = aBrowser({
    customMcpServers: [SERVER],
    [`mcp.${SERVER.id}.enabled`]: true,
    [`mcp.${SERVER.id}.tools.disabled`]: ['delete_everything'],
    'chat.keepDays': 30,
  });
  const b = aBrowser({ 'mcp.notion.enabled': true });
  const link = linkSyncAreas(a.area, b.area);
  return { a, b, link };
}

describe('sync between two browsers', () => {
  it('brings a server to the other browser without its header value, and the view asks for it', async () => {
    const { a, b, link } = twoBrowsers();
    await a.runner.run();
    link.deliver();
    await b.runner.run();
    const [arrived] = await b.customServers();
    expect(arrived).toMatchObject({ id: SERVER.id, name: 'Team tools', url: SERVER.url });
    expect(arrived?.headers).toEqual([{ key: 'X-Key', value: '' }]);
    expect(arrived?.oauth).toEqual({ clientId: 'team-client' });
    expect(await b.store.get(`mcp.${SERVER.id}.enabled`)).toBe(true);
    expect(await b.store.get(`mcp.${SERVER.id}.tools.disabled`)).toEqual(['delete_everything']);
    expect(await b.store.get('chat.keepDays')).toBe(30);
    expect(b.reloads).toHaveLength(1);
    expect(JSON.stringify(b.store.snapshot())).not.toContain(SECRET_HEADER);

    const harness = createHarness({ store: b.store, catalog: [] });
    const view = (await harness.manager.listServers()).find((server) => server.id === SERVER.id);
    expect(view?.missingHeaders).toEqual(['X-Key']);
    await harness.manager.closeAll();
  });

  it('converges on the later of two concurrent edits of one server, in both browsers', async () => {
    const browsers = twoBrowsers();
    const { a, b } = browsers;
    await settle(browsers);
    // Each browser hears its own change at once; Chrome delivers them later.
    const [server] = await a.customServers();
    await a.store.set({ customMcpServers: [{ ...server, name: 'Renamed in A' }] });
    await changedAt(a, 100);
    await b.store.set({ [`mcp.${SERVER.id}.enabled`]: false });
    await changedAt(b, 100);
    await settle(browsers);
    for (const browser of [a, b]) {
      expect((await browser.customServers())[0]?.name).toBe('Team tools');
      expect(await browser.store.get(`mcp.${SERVER.id}.enabled`)).toBe(false);
    }
    // The secret stays where it was entered.
    expect((await a.customServers())[0]?.headers).toEqual(SERVER.headers);
  });

  it('keeps, on first join, what the account synced over this browser’s defaults', async () => {
    const browsers = twoBrowsers();
    const { a, b } = browsers;
    await settle(browsers);
    // A synced first: B, joining, takes its switches and settings.
    expect(await b.store.get('mcp.notion.enabled')).toBe(false);
    expect(await b.store.get('chat.keepDays')).toBe(30);
    // B's switch did not overrule A's, and A's server reached B.
    expect(await a.store.get('mcp.notion.enabled')).toBeUndefined();
    expect((await b.customServers()).map((server) => server.id)).toEqual([SERVER.id]);
  });

  it('removes a server removed in one browser from the other, unless changed there since', async () => {
    const browsers = twoBrowsers();
    const { a, b } = browsers;
    await settle(browsers);
    await a.store.set({ customMcpServers: [] });
    await changedAt(a, 100);
    await settle(browsers);
    expect(await b.customServers()).toEqual([]);
    expect(await b.store.get(`mcp.${SERVER.id}.enabled`)).toBeUndefined();

    const again = twoBrowsers();
    await settle(again);
    await again.a.store.set({ customMcpServers: [] });
    await changedAt(again.a, 100);
    await again.b.store.set({ [`mcp.${SERVER.id}.tools.disabled`]: [] });
    await changedAt(again.b, 100);
    await settle(again);
    expect((await again.a.customServers()).map((server) => server.id)).toEqual([SERVER.id]);
    expect((await again.b.customServers()).map((server) => server.id)).toEqual([SERVER.id]);
  });
});
