import type { FileUIPart, TextUIPart, UIMessage } from 'ai';
import { z } from 'zod';
import type { Attachment } from '../composer/attachment';
import type { PromptMessage, ResourceContents } from '../messaging/features-contract';

/** Characters of one resource's text the model reads before Patchbay cuts it. */
export const MAX_RESOURCE_CHARACTERS = 40_000;
/** Images the model may see from one resource or prompt message (bytes of base64). */
const MAX_IMAGE_BASE64 = 8 * 1024 * 1024;
const MODEL_IMAGE_TYPES = new Set(['image/png', 'image/jpeg', 'image/gif', 'image/webp']);

/**
 * A server's resource in a message: which one, and the text the model reads. Kept in the
 * conversation (not re-read on every request), refreshed when the server says it changed.
 */
export interface ResourcePartData {
  serverId: string;
  uri: string;
  name: string;
  title?: string;
  mimeType?: string;
  /** The resource's text as read; absent for binary resources the model cannot read. */
  text?: string;
  /** True when {@link text} was cut to {@link MAX_RESOURCE_CHARACTERS}. */
  truncated?: boolean;
  /** When it was read (ms since the epoch). */
  readAt: number;
}

/** {@link ResourcePartData} as read from a file (import): nothing else is kept. */
export const resourcePartDataSchema = z.object({
  serverId: z.string(),
  uri: z.string(),
  name: z.string(),
  title: z.string().optional(),
  mimeType: z.string().optional(),
  text: z.string().max(MAX_RESOURCE_CHARACTERS).optional(),
  truncated: z.boolean().optional(),
  readAt: z.number(),
}) satisfies z.ZodType<ResourcePartData>;

export type ResourceUIPart = { type: 'data-resource'; id?: string; data: ResourcePartData };
type MessagePart = UIMessage['parts'][number];

export function isResourcePart(part: MessagePart): part is ResourceUIPart {
  const data = (part as { data?: unknown }).data;
  return (
    part.type === 'data-resource' &&
    typeof data === 'object' &&
    data !== null &&
    typeof (data as ResourcePartData).uri === 'string'
  );
}

/** The parts an attached resource adds to a message: its text, and its images as files. */
export function attachmentParts(
  attachment: Attachment,
  contents: readonly ResourceContents[],
  now = Date.now(),
): MessagePart[] {
  const texts = contents.filter((item) => typeof item.text === 'string').map((item) => item.text);
  const joined = texts.join('\n\n');
  const truncated = joined.length > MAX_RESOURCE_CHARACTERS;
  const data: ResourcePartData = {
    serverId: attachment.serverId,
    uri: attachment.uri,
    name: attachment.name,
    ...(attachment.title ? { title: attachment.title } : {}),
    ...(attachment.mimeType ? { mimeType: attachment.mimeType } : {}),
    ...(texts.length
      ? { text: truncated ? joined.slice(0, MAX_RESOURCE_CHARACTERS) : joined }
      : {}),
    ...(truncated ? { truncated: true } : {}),
    readAt: now,
  };
  const parts: MessagePart[] = [{ type: 'data-resource', id: attachment.uri, data }];
  for (const item of contents) {
    const image = imagePart(item.mimeType, item.blob, item.uri);
    if (image) parts.push(image);
  }
  return parts;
}

/** The same part with the resource read again (a subscription said it changed). */
export function refreshedPart(
  part: ResourceUIPart,
  contents: readonly ResourceContents[],
  now = Date.now(),
): ResourceUIPart {
  const [fresh] = attachmentParts(part.data, contents, now);
  return fresh as ResourceUIPart;
}

/**
 * The messages with one resource's parts read again: the same array when no text changed, so
 * nothing is rewritten for a server that announces changes it did not make.
 */
export function withRefreshedResource(
  messages: UIMessage[],
  serverId: string,
  uri: string,
  contents: ResourceContents[],
): UIMessage[] {
  const same = (part: MessagePart) =>
    isResourcePart(part) && part.data.serverId === serverId && part.data.uri === uri;
  let changed = false;
  const next = messages.map((chatMessage) => {
    if (!chatMessage.parts.some(same)) return chatMessage;
    const parts = chatMessage.parts.map((part) => {
      if (!same(part) || !isResourcePart(part)) return part;
      const fresh = refreshedPart(part, contents);
      if (fresh.data.text === part.data.text) return part;
      changed = true;
      return fresh;
    });
    return changed ? { ...chatMessage, parts } : chatMessage;
  });
  return changed ? next : messages;
}

/** What the model reads of a resource part: the text, marked with where it came from. */
export function resourcePartForModel(
  data: ResourcePartData,
  serverName: string,
): { type: 'text'; text: string } {
  const label = `${data.title ?? data.name} (${data.uri}) from ${serverName}`;
  if (data.text === undefined)
    return {
      type: 'text',
      text: `[The person attached ${label}, a ${data.mimeType ?? 'binary'} resource without text.]`,
    };
  const cut = data.truncated
    ? `\n[Patchbay cut this resource at ${MAX_RESOURCE_CHARACTERS.toLocaleString('en')} characters.]`
    : '';
  return {
    type: 'text',
    // The fence holds: a resource cannot close it early and speak outside it.
    text: `The person attached the resource ${label}:\n<resource uri="${data.uri.replace(/"/g, '%22')}">\n${data.text.replace(/<\/resource/gi, '<\\/resource')}\n</resource>${cut}`,
  };
}

/**
 * A prompt's messages (`prompts/get`) as chat messages: text as text, images as files,
 * embedded resources as resource parts, links and audio described in words.
 */
export function promptMessagesToUIMessages(
  serverId: string,
  messages: readonly PromptMessage[],
  newId: () => string = () => crypto.randomUUID(),
  now = Date.now(),
): UIMessage[] {
  const result: UIMessage[] = [];
  for (const message of messages) {
    const part = promptContentPart(serverId, message.content, now);
    if (!part) continue;
    const previous = result.at(-1);
    // Consecutive messages of one role read as one turn.
    if (previous?.role === message.role) previous.parts.push(part);
    else result.push({ id: newId(), role: message.role, parts: [part] });
  }
  return result;
}

function promptContentPart(
  serverId: string,
  content: Record<string, unknown>,
  now: number,
): MessagePart | undefined {
  switch (content.type) {
    case 'text':
      return typeof content.text === 'string'
        ? ({ type: 'text', text: content.text } satisfies TextUIPart)
        : undefined;
    case 'image':
      return imagePart(content.mimeType, content.data, 'prompt image');
    case 'audio':
      return {
        type: 'text',
        text: `[The prompt included ${String(content.mimeType ?? 'audio')} audio, which Patchbay does not pass on.]`,
      };
    case 'resource': {
      const resource = content.resource as ResourceContents | undefined;
      if (!resource || typeof resource.uri !== 'string') return undefined;
      const [part] = attachmentParts(
        {
          serverId,
          uri: resource.uri,
          name: resource.uri,
          ...(resource.mimeType ? { mimeType: resource.mimeType } : {}),
        },
        [resource],
        now,
      );
      return part;
    }
    case 'resource_link':
      return typeof content.uri === 'string'
        ? { type: 'text', text: `Link: ${String(content.name ?? '')} ${content.uri}`.trim() }
        : undefined;
    default:
      return undefined;
  }
}

function imagePart(mimeType: unknown, data: unknown, filename: string): FileUIPart | undefined {
  if (typeof mimeType !== 'string' || typeof data !== 'string') return undefined;
  if (!MODEL_IMAGE_TYPES.has(mimeType) || data.length > MAX_IMAGE_BASE64) return undefined;
  if (!/^[A-Za-z0-9+/]+=*$/.test(data)) return undefined;
  return { type: 'file', mediaType: mimeType, filename, url: `data:${mimeType};base64,${data}` };
}
