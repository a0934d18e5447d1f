import type { Tool } from '@modelcontextprotocol/client';
import { toolUi } from '../apps/tool-ui';
import type { ServerView, ToolView } from '../messaging/contract';
import { offers } from './feature-offers';
import type { SessionState } from './session/session-state';

/** The longest server `instructions` Patchbay passes on to the model and shows, in characters. */
export const MAX_INSTRUCTIONS_CHARACTERS = 4_000;

/** What pages see of a server: never its header values, tokens or client secret. */
export function serverView(session: SessionState): ServerView {
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
  if (session.signInSites) view.signInSites = session.signInSites;
  if (config.headers?.length) view.headerNames = config.headers.map((header) => header.key);
  const missing = config.headers?.filter((header) => !header.value).map((header) => header.key);
  if (missing?.length) view.missingHeaders = missing;
  if (session.serverIconDataUrl) view.serverIconDataUrl = session.serverIconDataUrl;
  if (session.samplingEnabled) view.samplingEnabled = true;
  const live = session.live;
  if (live) {
    const capabilities = live.capabilities;
    view.features = {
      resources: Boolean(capabilities?.resources),
      resourceSubscriptions: Boolean(capabilities?.resources?.subscribe),
      prompts: Boolean(capabilities?.prompts),
      completions: Boolean(capabilities?.completions),
      ...(offers(capabilities, 'skills') && { skills: true }),
    };
    const instructions = boundedInstructions(live.instructions);
    if (instructions) view.instructions = instructions;
  }
  return view;
}

export function toolView(serverId: string, tool: Tool, iconDataUrl?: string): ToolView {
  const view: ToolView = {
    serverId,
    name: tool.name,
    description: tool.description ?? '',
    inputSchema: tool.inputSchema,
  };
  if (typeof tool.title === 'string' && tool.title) view.title = tool.title;
  if (tool.annotations) view.annotations = tool.annotations;
  if (iconDataUrl) view.iconDataUrl = iconDataUrl;
  const ui = toolUi(tool);
  if (ui) view.ui = ui;
  return view;
}

/** Instructions as sent, without control characters, cut at a bounded length with a mark. */
export function boundedInstructions(text: string | undefined): string | undefined {
  if (typeof text !== 'string') return undefined;
  // eslint-disable-next-line no-control-regex -- control characters are what this removes
  const clean = text.replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g, '').trim();
  if (!clean) return undefined;
  return clean.length > MAX_INSTRUCTIONS_CHARACTERS
    ? `${clean.slice(0, MAX_INSTRUCTIONS_CHARACTERS)}… [cut by Patchbay at ${MAX_INSTRUCTIONS_CHARACTERS.toLocaleString('en')} characters]`
    : clean;
}
