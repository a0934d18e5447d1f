import type { PatchbayClient } from '../messaging/client';
import { BROWSER_SERVER_ID } from '../messaging/browser-access-contract';
import type { ServerView, ToolView } from '../messaging/contract';
import type { SkillView } from '../messaging/skills-contract';

/**
 * What one request may use, read fresh for every request so that servers switched on or off
 * while the panel is open count from the next one: the switched-on tools and the servers, a
 * routine's chat narrowed to the servers it was given.
 */
export interface RequestScope {
  /** Whether this chat may use a server's tools and skills (a routine's chat: its servers). */
  mayUse(serverId: string): boolean;
  /** The switched-on tools this chat may use. */
  views: ToolView[];
  /** Every server, whether this chat may use it or not. */
  servers: ServerView[];
  /** The servers this chat may use: their instructions and skills reach the model. */
  usable: ServerView[];
  /** Every server's name by its id. */
  serverNames: ReadonlyMap<string, string>;
  /** A server's name for the model and the cards; the browser's own tools are "This browser". */
  serverName(serverId: string): string;
}

/** The request's scope, read now; all servers when `mayUse` is absent. */
export async function readRequestScope(
  client: PatchbayClient,
  mayUse: (serverId: string) => boolean = () => true,
): Promise<RequestScope> {
  const [{ tools: listed }, { servers }] = await Promise.all([
    client.request('mcp/tools/list'),
    client.request('mcp/servers/get'),
  ]);
  const serverNames = new Map(servers.map((server) => [server.id, server.name]));
  return {
    mayUse,
    views: listed.filter((view) => mayUse(view.serverId)),
    servers,
    usable: servers.filter((server) => mayUse(server.id)),
    serverNames,
    serverName: (serverId) =>
      serverNames.get(serverId) ?? (serverId === BROWSER_SERVER_ID ? 'This browser' : serverId),
  };
}

/**
 * The skills the person allowed on the switched-on servers this chat may use, as they are now;
 * none asked for when no connected server offers skills.
 */
export async function allowedSkills(
  client: PatchbayClient,
  scope: RequestScope,
): Promise<SkillView[]> {
  const offering = scope.servers.some(
    (server) => server.isEnabled && server.status.state === 'connected' && server.features?.skills,
  );
  if (!offering) return [];
  const { skills } = await client.request('mcp/skills/list', { allowedOnly: true });
  return skills.filter((skill) => scope.mayUse(skill.serverId));
}
