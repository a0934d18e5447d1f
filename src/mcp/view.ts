import type { Tool } from '@modelcontextprotocol/client';
import type { ServerView, ToolView } from '../messaging/contract';
import type { ServerSession } from './session/server-session';

/** What pages see of a server: never its header values, tokens or client secret. */
export function serverView(session: ServerSession): ServerView {
  const { config } = session;
  const view: ServerView = {
    id: config.id,
    name: config.name,
    url: config.url,
    description: config.description,
    requiresAuthentication: config.requiresAuthentication || session.authDemanded,
    isCustom: config.isCustom,
    isEnabled: session.isEnabled,
    status: session.status,
    toolCount: session.toolCache.tools?.length ?? 0,
  };
  if (config.paid) view.paid = true;
  if (session.auth.tokens) view.isSignedIn = true;
  if (config.isCustom && config.oauth?.clientId) view.oauthClientId = config.oauth.clientId;
  if (config.iconDataUrl) view.iconDataUrl = config.iconDataUrl;
  const transport = session.connectedTransport;
  if (transport) view.transport = transport;
  const protocolVersion = session.connectedProtocolVersion;
  if (protocolVersion) view.protocolVersion = protocolVersion;
  if (session.signInHost) view.signInHost = session.signInHost;
  if (config.headers?.length) view.headerNames = config.headers.map((header) => header.key);
  return view;
}

export function toolView(serverId: string, tool: Tool): ToolView {
  const view: ToolView = {
    serverId,
    name: tool.name,
    description: tool.description ?? '',
    inputSchema: tool.inputSchema,
  };
  if (tool.annotations) view.annotations = tool.annotations;
  return view;
}
