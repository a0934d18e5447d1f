/**
 * The chat's read of servers' skills, where real servers cannot show it on cue: one that never
 * answers costs the chat a short wait, never the 30 s of a request, and servers are asked at
 * once, not one after another. The kept list (skill-cache.ts) keeps no failure.
 */
import { SKILLS_EXTENSION_ID, type Skill } from '@modelcontextprotocol/client/ext/skills';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Connection } from '../../../src/mcp/connection-types';
import { storageKeys } from '../../../src/mcp/storage-keys';
import { SkillCache, skillCacheOf } from '../../../src/skills/skill-cache';
import type { ServerSession } from '../../../src/mcp/session/server-session';
import { CHAT_LIST_TIMEOUT_MS } from '../../../src/skills/skill-list';
import { allSkills } from '../../../src/skills/server-skills';
import { createMemoryStore } from '../../../src/platform/memory';

/** A switched-on server offering skills that never answers. */
function silentServer(id: string): ServerSession {
  return {
    id,
    config: { name: id, url: `https://${id}.example/mcp` },
    isEnabled: true,
    live: { capabilities: { extensions: { [SKILLS_EXTENSION_ID]: {} } } },
    featureListeners: new Set(),
    withConnection: () => new Promise(() => undefined),
  } as unknown as ServerSession;
}

afterEach(() => vi.useRealTimers());

describe('the skills the chat reads', () => {
  it('gives up on silent servers after a short wait, all asked at once', async () => {
    vi.useFakeTimers();
    const decision = { 'skill://notes/SKILL.md': { digest: 'sha256:1', allowTools: false } };
    const store = createMemoryStore({
      [storageKeys.skills('north')]: decision,
      [storageKeys.skills('south')]: decision,
    });
    let settled: Awaited<ReturnType<typeof allSkills>> | undefined;
    void allSkills([silentServer('north'), silentServer('south')], store, true).then(
      (listed) => (settled = listed),
    );
    await vi.advanceTimersByTimeAsync(CHAT_LIST_TIMEOUT_MS);
    expect(settled).toEqual({
      skills: [],
      failures: [
        { serverId: 'north', message: 'north did not list its skills within 5 s.' },
        { serverId: 'south', message: 'south did not list its skills within 5 s.' },
      ],
    });
  });
});

describe('the skills list a session keeps', () => {
  const connection = {} as Connection;
  const skill = { uri: 'skill://notes/SKILL.md' } as Skill;

  it('keeps a list per connection, and no failure', async () => {
    const cache = new SkillCache();
    const list = vi.fn().mockRejectedValueOnce(new Error('offline'));
    await expect(cache.entries(connection, list)).rejects.toThrow('offline');
    list.mockResolvedValue({ skills: [skill] });
    await expect(cache.entries(connection, list)).resolves.toEqual([skill]);
    await expect(cache.entries(connection, list)).resolves.toEqual([skill]);
    expect(list).toHaveBeenCalledTimes(2);
    // Another connection, asked afresh, or told of a change: listed again.
    await cache.entries({} as Connection, list);
    await cache.entries(connection, list);
    await cache.entries(connection, list, { fresh: true });
    cache.clear();
    await cache.entries(connection, list);
    expect(list).toHaveBeenCalledTimes(6);
  });

  it('is one per session, dropped when the server says its resource list changed', async () => {
    const session = { featureListeners: new Set<(kind: 'resources' | 'prompts') => void>() };
    const changed = (kind: 'resources' | 'prompts') =>
      session.featureListeners.forEach((listener) => listener(kind));
    const cache = skillCacheOf(session);
    expect(skillCacheOf(session)).toBe(cache);
    expect(skillCacheOf({ featureListeners: new Set() })).not.toBe(cache);
    const list = vi.fn().mockResolvedValue({ skills: [skill] });
    await cache.entries(connection, list);
    changed('prompts');
    await cache.entries(connection, list);
    expect(list).toHaveBeenCalledTimes(1);
    changed('resources');
    await cache.entries(connection, list);
    expect(list).toHaveBeenCalledTimes(2);
  });

  it('keeps a list no longer than the time the server gave it', async () => {
    vi.useFakeTimers();
    const cache = new SkillCache();
    const list = vi.fn().mockResolvedValue({ skills: [skill], ttlMs: 60_000 });
    await cache.entries(connection, list);
    await cache.entries(connection, list);
    expect(list).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(60_001);
    await cache.entries(connection, list);
    expect(list).toHaveBeenCalledTimes(2);
  });
});
