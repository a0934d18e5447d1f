/**
 * The skills' requests as the worker's start holds them (src/skills/skills-facade.ts): the work is
 * a lazy part, asked for only when a switched-on server offers skills, and the extension's id
 * the start knows is the SDK's.
 */
import { SKILLS_EXTENSION_ID as SDK_SKILLS_EXTENSION_ID } from '@modelcontextprotocol/client/ext/skills';
import { describe, expect, it, vi } from 'vitest';
import type { ServerSession } from '../../../src/mcp/session/server-session';
import { SKILLS_EXTENSION_ID } from '../../../src/mcp/skills-extension';
import { skillsFacade } from '../../../src/skills/skills-facade';
import { CHAT_LIST_TIMEOUT_MS } from '../../../src/skills/skill-list';
import { createMemoryStore } from '../../../src/platform/memory';
import { storageKeys } from '../../../src/mcp/storage-keys';

/** How often the skills part (src/skills/server-skills.ts) was loaded. */
const part = vi.hoisted(() => ({ loads: 0 }));
vi.mock('../../../src/skills/server-skills', async (importOriginal) => {
  part.loads += 1;
  return importOriginal();
});

/** A session whose connection is counted and never answers. */
function server(id: string, offersSkills: boolean, isEnabled = true) {
  const withConnection = vi.fn(() => new Promise(() => undefined));
  const session = {
    id,
    config: { name: id, url: `https://${id}.example/mcp` },
    isEnabled,
    live: { capabilities: offersSkills ? { extensions: { [SKILLS_EXTENSION_ID]: {} } } : {} },
    featureListeners: new Set(),
    withConnection,
  } as unknown as ServerSession;
  return { session, withConnection };
}

const decided = { 'skill://notes/SKILL.md': { digest: 'sha256:1', allowTools: false } };

function facadeOver(sessions: ServerSession[]) {
  return skillsFacade({
    ready: async () => undefined,
    sessionOf: async (id) => sessions.find((session) => session.id === id)!,
    sessions: () => sessions,
    store: createMemoryStore({
      [storageKeys.skills('tools-only')]: decided,
      [storageKeys.skills('skilled')]: decided,
      [storageKeys.skills('off')]: decided,
    }),
  });
}

describe('the skills requests the worker starts with', () => {
  it('knows the skills extension by the id the SDK gives it', () => {
    expect(SKILLS_EXTENSION_ID).toBe(SDK_SKILLS_EXTENSION_ID);
  });

  it('loads the skills part only once a switched-on server offers skills, and asks only those', async () => {
    const toolsOnly = server('tools-only', false);
    const off = server('off', true, false);
    await expect(facadeOver([toolsOnly.session, off.session]).list(true)).resolves.toEqual({
      skills: [],
      failures: [],
    });
    expect(part.loads).toBe(0);
    vi.useFakeTimers();
    try {
      const skilled = server('skilled', true);
      let listed: unknown;
      void facadeOver([toolsOnly.session, off.session, skilled.session])
        .list(true)
        .then((result) => (listed = result));
      // Loading the part takes real time (the module is read and transformed, seconds on a
      // busy machine); the server is asked after it.
      await vi.waitUntil(() => skilled.withConnection.mock.calls.length > 0, { timeout: 10_000 });
      await vi.advanceTimersByTimeAsync(CHAT_LIST_TIMEOUT_MS);
      expect(listed).toEqual({
        skills: [],
        failures: [{ serverId: 'skilled', message: 'skilled did not list its skills within 5 s.' }],
      });
      expect(part.loads).toBe(1);
      expect(skilled.withConnection).toHaveBeenCalled();
      expect(toolsOnly.withConnection).not.toHaveBeenCalled();
      expect(off.withConnection).not.toHaveBeenCalled();
    } finally {
      vi.useRealTimers();
    }
  });
});
