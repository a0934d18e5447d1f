/**
 * The skills requests, over the MCP manager's sessions (its `sessionAccess`), made beside the
 * manager where the worker is wired (entrypoints/background.ts). What does the work
 * (./server-skills.ts, on the SDK's `SkillsClient`) is one of the worker's lazy parts
 * (scripts/worker-chunks.ts): it is loaded the first time a switched-on server offers skills, so
 * a worker whose servers offer none never parses it, though the chat asks for the skills list
 * before every answer.
 */
import type { KeyValueStore } from '../platform/ports';
import type { ServerSession } from '../mcp/session/server-session';
import { offeringSkills } from './skill-offers';

const skillsPart = () => import('./server-skills');

/** Skills: every connected server's, the person's decision on one, a file of one. */
export function skillsFacade(access: {
  ready(): Promise<void>;
  sessionOf(serverId: string): Promise<ServerSession>;
  sessions(): ServerSession[];
  store: KeyValueStore;
}) {
  return {
    list: async (allowedOnly?: boolean) => {
      await access.ready();
      const sessions = access.sessions();
      if (offeringSkills(sessions).length === 0) return { skills: [], failures: [] };
      return (await skillsPart()).allSkills(sessions, access.store, allowedOnly);
    },
    decide: async (
      serverId: string,
      input: Parameters<Awaited<ReturnType<typeof skillsPart>>['decideSkill']>[2],
    ) => (await skillsPart()).decideSkill(await access.sessionOf(serverId), access.store, input),
    read: async (
      serverId: string,
      input: Parameters<Awaited<ReturnType<typeof skillsPart>>['readSkill']>[2],
    ) => (await skillsPart()).readSkill(await access.sessionOf(serverId), access.store, input),
  };
}

export type SkillsService = ReturnType<typeof skillsFacade>;
