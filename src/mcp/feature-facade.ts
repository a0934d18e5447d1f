/**
 * The manager's resources, prompts and completions: each a one-line hop to `features.ts` on the
 * server's session, or a fan-out over every session (the "@" and "/" pickers).
 */
import * as features from './features';
import type { ServerSession } from './session/server-session';

export function featureFacade(
  sessionOf: (serverId: string) => Promise<ServerSession>,
  allSessions: () => Promise<ServerSession[]>,
) {
  return {
    listResources: async (serverId: string, cursor?: string) =>
      features.listResources(await sessionOf(serverId), cursor),
    listResourceTemplates: async (serverId: string, cursor?: string) =>
      features.listResourceTemplates(await sessionOf(serverId), cursor),
    readResource: async (serverId: string, uri: string) =>
      features.readResource(await sessionOf(serverId), uri),
    subscribeResource: async (serverId: string, uri: string) =>
      features.subscribeResource(await sessionOf(serverId), uri),
    unsubscribeResource: async (serverId: string, uri: string) =>
      features.unsubscribeResource(await sessionOf(serverId), uri),
    listPrompts: async (serverId: string, cursor?: string) =>
      features.listPrompts(await sessionOf(serverId), cursor),
    getPrompt: async (serverId: string, payload: Parameters<typeof features.getPrompt>[1]) =>
      features.getPrompt(await sessionOf(serverId), payload),
    complete: async (serverId: string, payload: Parameters<typeof features.complete>[1]) =>
      features.complete(await sessionOf(serverId), payload),

    /** Every connected server's resources and templates (the "@" picker). */
    async allResources() {
      return features.allResources(await allSessions());
    },

    /** Every connected server's prompts (the "/" picker). */
    async allPrompts() {
      return { prompts: await features.allPrompts(await allSessions()) };
    },
  };
}
