import { afterEach, describe, expect, it, vi } from 'vitest';
import { createMemoryStore } from '../../../src/platform/memory';
import { createLocalWatch, createMemorySyncArea } from '../../../src/platform/memory-sync';
import { createSyncRunner, type SyncStatus } from '../../../src/sync/sync-runner';
import { fromSyncItems } from '../../../src/sync/sync-items';
import { API_KEY, CLIENT_SECRET, SECRET_HEADER, setUpStore } from '../../helpers/backup-store';

const RELAY_TOKEN = 'relay-token-789';

function aRunner(store = createMemoryStore()) {
  const area = createMemorySyncArea();
  const watch = createLocalWatch();
  const statuses: SyncStatus[] = [];
  const reloads = { count: 0 };
  const runner = createSyncRunner({
    store,
    area,
    now: Date.now,
    watchLocal: watch,
    reloadServers: async () => (reloads.count += 1),
    onStatus: (status) => statuses.push(status),
  });
  return { store, area, watch, runner, statuses, reloads };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('the sync runner', () => {
  it('writes servers, switches and settings, and never a secret', async () => {
    const store = setUpStore();
    await store.set({
      'browserAccess.settings': { link: { url: 'ws://127.0.0.1:1', token: RELAY_TOKEN } },
      'oauth.custom-ab12cd34.client': { client_id: 'dcr', client_secret: 'dcr-secret' },
    });
    const { area, runner, statuses } = aRunner(store);
    await runner.start();
    runner.stop();
    expect(statuses.at(-1)).toMatchObject({ state: 'synced' });
    const written = JSON.stringify(area.snapshot());
    expect(written).toContain('Team tools');
    expect(written).toContain('X-Key');
    expect(written).toContain('delete_everything');
    for (const secret of [SECRET_HEADER, API_KEY, CLIENT_SECRET, RELAY_TOKEN, 'dcr-secret'])
      expect(written).not.toContain(secret);
    for (const never of ['token-should-not-travel', 'session-should-not-travel', 'install-bound'])
      expect(written).not.toContain(never);
    // Grants ("always allow") and model providers stay here.
    expect(written).not.toContain('alwaysAllow');
    expect(written).not.toContain('claude-sonnet');
  });

  it('gathers a burst of changes into few writes, within the per-minute limit', async () => {
    vi.useFakeTimers();
    const { store, area, watch, runner } = aRunner();
    await runner.start();
    const before = area.writes.length;
    for (let change = 0; change < 300; change += 1) {
      await store.set({ 'mcp.notion.tools.disabled': [`tool-${change}`] });
      watch.changed(['mcp.notion.tools.disabled']);
      await vi.advanceTimersByTimeAsync(200);
    }
    await vi.advanceTimersByTimeAsync(5_000);
    runner.stop();
    expect(area.writes.length - before).toBeLessThanOrEqual(3);
    const notion = fromSyncItems(area.snapshot()).get('server.notion');
    expect(notion).toMatchObject({ value: { disabledTools: ['tool-299'] } });
  });

  it('does nothing for changes to keys it does not sync', async () => {
    vi.useFakeTimers();
    const { area, watch, runner } = aRunner();
    await runner.start();
    const before = area.writes.length;
    watch.changed(['oauth.notion.tokens', 'chat.approvals']);
    await vi.advanceTimersByTimeAsync(5_000);
    runner.stop();
    expect(area.writes.length).toBe(before);
  });

  it('says what did not fit when Chrome refuses a write for its quota', async () => {
    const { area, runner, statuses } = aRunner();
    area.set = async () => {
      throw new Error('QUOTA_BYTES quota exceeded');
    };
    await runner.start();
    runner.stop();
    expect(statuses.at(-1)?.message).toMatch(/sync storage is full \(QUOTA_BYTES quota exceeded\)/);
  });
});
