import type {
  Prompt,
  Resource,
  ResourceTemplateType as ResourceTemplate,
} from '@modelcontextprotocol/client';
import type {
  PromptView,
  ResourceTemplateView,
  ResourceView,
} from '../messaging/features-contract';
import type { ServerSession } from './session/server-session';

/** Longest description kept for a picker row. */
const MAX_DESCRIPTION = 1_000;

/**
 * What pages see of a server's resources, templates and prompts: the server's text, cut to a
 * bounded length, and icons only as checked `data:` URLs that are already at hand.
 */
function described(item: { title?: string | undefined; description?: string | undefined }) {
  return {
    ...(item.title ? { title: item.title } : {}),
    ...(item.description ? { description: item.description.slice(0, MAX_DESCRIPTION) } : {}),
  };
}

function iconOf(session: ServerSession, item: { icons?: Resource['icons'] }) {
  const icon = session.context.icons.peek(item.icons, session.config.url);
  return icon ? { iconDataUrl: icon } : {};
}

export function resourceView(session: ServerSession, item: Resource): ResourceView {
  return {
    serverId: session.id,
    name: item.name,
    uri: item.uri,
    ...described(item),
    ...(item.mimeType ? { mimeType: item.mimeType } : {}),
    ...(typeof item.size === 'number' ? { size: item.size } : {}),
    ...iconOf(session, item),
  };
}

export function templateView(session: ServerSession, item: ResourceTemplate): ResourceTemplateView {
  return {
    serverId: session.id,
    name: item.name,
    uriTemplate: item.uriTemplate,
    ...described(item),
    ...(item.mimeType ? { mimeType: item.mimeType } : {}),
    ...iconOf(session, item),
  };
}

export function promptView(session: ServerSession, item: Prompt): PromptView {
  return {
    serverId: session.id,
    name: item.name,
    ...described(item),
    arguments: (item.arguments ?? []).map((argument) => ({
      name: argument.name,
      ...described(argument),
      ...(argument.required !== undefined ? { required: argument.required } : {}),
    })),
    ...iconOf(session, item),
  };
}
