/**
 * What the conversation holds decides, with the person's grants, whether a chat tool call
 * waits for them. Text a page or a tool returned can steer the model ("open this link with
 * what you read"), so once any such content is in what the model reads, a tool that can send
 * data out asks again even if it is always allowed or read-only: the browser's navigate and
 * tab_open to an origin not yet in the chat, and any other tool that does not say it stays in a
 * closed world (MCP's openWorldHint defaults to true, so a tool without hints can send data
 * out; a website's own tool always can, to the site, whatever it says). The browser's read-only
 * tools run unasked only on origins the person brought into the chat: the active tab's when
 * they sent a message, URLs they typed, and pages a navigation that ran went to.
 *
 * The whole conversation counts, not only the latest turn: everything in it is sent to the
 * model again, so an instruction read earlier can act later.
 */
import type { ModelMessage, UIMessage } from 'ai';
import { answerMetadataSchema } from './answer-metadata';
import { normalizeUrl } from '../browser-tools/browser-tools';
import { BROWSER_SERVER_ID } from '../messaging/browser-access-contract';
import type { ToolView } from '../messaging/contract';
import { PAGE_TOOLS_SERVER_ID } from '../messaging/page-tools-contract';
import {
  allowedOrigins,
  isAllowedAlways,
  isTrustedReadOnly,
  NO_PAGE,
  type ApprovalSettings,
  type CallOrigin,
  type ToolLike,
} from './approval';

/** What the conversation so far means for approvals. */
export interface ChatTrust {
  /** Content from a page, a tool or an app is in what the model reads. */
  untrusted: boolean;
  /** Origins the person brought into the chat (see the module's comment). */
  origins: ReadonlySet<string>;
}

export type ApprovalVerdict = { ask: false } | { ask: true; why?: string };

/** Browser tools that load a URL of the model's choosing: where they send is their URL. */
const OPENS_PAGE = new Set(['navigate', 'tab_open']);

export function opensPage(tool: Pick<ToolLike, 'serverId' | 'name'>): boolean {
  return tool.serverId === BROWSER_SERVER_ID && OPENS_PAGE.has(tool.name);
}

/** An http(s) URL's origin; undefined for anything else. */
export function originOf(url: string | undefined): string | undefined {
  if (url === undefined) return undefined;
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? parsed.origin : undefined;
  } catch {
    return undefined;
  }
}

/** Origins of the http(s) URLs written out in `text`. */
export function originsIn(text: string): string[] {
  return [...text.matchAll(/https?:\/\/[^\s<>"'`)\]]+/gi)]
    .map((match) => originOf(match[0]))
    .filter((origin): origin is string => origin !== undefined);
}

/**
 * What the panel's own copy of the conversation says: the origins the person pointed at
 * (each answer's `pointedOrigin`) or typed, and whether an app spoke in it (an app's message is
 * a server's words, not the person's).
 */
export function personFacts(messages: readonly UIMessage[]): {
  origins: string[];
  appSpoke: boolean;
} {
  const origins: string[] = [];
  let appSpoke = false;
  for (const message of messages) {
    const metadata = answerMetadataSchema.safeParse(message.metadata ?? {});
    if (message.role === 'assistant') {
      if (metadata.success && metadata.data.pointedOrigin)
        origins.push(metadata.data.pointedOrigin);
      continue;
    }
    if (message.role !== 'user') continue;
    if (metadata.success && metadata.data.fromApp !== undefined) {
      appSpoke = true;
      continue;
    }
    for (const part of message.parts)
      if (part.type === 'text') origins.push(...originsIn(part.text));
  }
  return { origins, appSpoke };
}

/**
 * The trust of what the model is about to act on: `messages` are those sent to it (the
 * conversation and this request's steps so far). Any tool result but the person's own denial
 * is untrusted content; a page-opening call that ran adds its URL's origin.
 */
export function trustOf(
  messages: readonly ModelMessage[],
  person: { origins: readonly string[]; appSpoke: boolean },
  isPageOpener: (toolName: string) => boolean,
): ChatTrust {
  const origins = new Set(person.origins);
  const opened = new Map<string, string>();
  let untrusted = person.appSpoke;
  for (const message of messages) {
    if (typeof message.content === 'string') continue;
    for (const part of message.content) {
      if (part.type === 'tool-call' && isPageOpener(part.toolName)) {
        const url = (part.input as { url?: unknown } | undefined)?.url;
        const origin = typeof url === 'string' ? originOf(normalizeUrl(url)) : undefined;
        if (origin) opened.set(part.toolCallId, origin);
      }
      if (part.type !== 'tool-result' || part.output.type === 'execution-denied') continue;
      untrusted = true;
      const origin = opened.get(part.toolCallId);
      if (origin && !part.output.type.startsWith('error')) origins.add(origin);
    }
  }
  return { untrusted, origins };
}

/**
 * Whether a call waits for the person, and why when the reason is not plain (a grant or a
 * read-only switch that does not hold here). `origin` is where a browser tool acts or sends
 * (see {@link CallOrigin}); other tools ignore it.
 */
export function approvalFor(
  tool: ToolLike & Pick<ToolView, 'page'>,
  settings: ApprovalSettings,
  origin: CallOrigin,
  trust: ChatTrust,
): ApprovalVerdict {
  const browser = tool.serverId === BROWSER_SERVER_ID;
  const inChat = typeof origin === 'string' && trust.origins.has(origin);
  const destination = trust.untrusted ? sendsTo(tool, origin, inChat) : undefined;
  const tainted = `this chat has read content from a page or a tool, and this tool can send data to ${destination}.`;
  if (!isAllowedAlways(tool, settings, origin)) {
    if (!isTrustedReadOnly(tool, settings)) {
      // Asked anyway: the risk is still worth a line on the card.
      const why = destination === undefined ? undefined : `Careful: ${tainted}`;
      return asked(grantedElsewhere(tool, settings, origin) ?? why);
    }
    if (browser && !inChat) {
      return asked(
        `Read-only browser tools run without asking only on sites you pointed the chat at; this one reads ${where(origin)}.`,
      );
    }
  }
  if (destination === undefined) return { ask: false };
  return { ask: true, why: `Asked again: ${tainted}` };
}

/** Where a call could carry the chat's content, in words; undefined when nowhere new. */
function sendsTo(
  tool: ToolLike & Pick<ToolView, 'page'>,
  origin: CallOrigin,
  inChat: boolean,
): string | undefined {
  if (opensPage(tool)) return inChat ? undefined : where(origin);
  // A site's own tool sends to the site, whatever its hints say: they are the site's word.
  if (tool.serverId === PAGE_TOOLS_SERVER_ID) return tool.page?.site ?? 'the site that offers it';
  if (tool.annotations?.openWorldHint === false) return undefined;
  if (tool.serverId === BROWSER_SERVER_ID) return where(origin);
  return 'places beyond its server (it does not say it stays within it)';
}

function grantedElsewhere(
  tool: ToolLike,
  settings: ApprovalSettings,
  origin: CallOrigin,
): string | undefined {
  if (tool.serverId !== BROWSER_SERVER_ID) return undefined;
  const origins = allowedOrigins(tool, settings);
  if (origins === undefined) return undefined;
  const named = origins.map((each) => (each === NO_PAGE ? 'the list of tabs' : each));
  return named.length
    ? `You always allowed this tool on ${named.join(', ')}, not on ${where(origin)}, so Patchbay asks again.`
    : `“Always allow” for the browser’s tools now holds per site, so Patchbay asks again for ${where(origin)}.`;
}

const where = (origin: CallOrigin) =>
  origin === null ? 'the list of tabs' : (origin ?? 'a page Patchbay could not tell');

const asked = (why: string | undefined): ApprovalVerdict => ({
  ask: true,
  ...(why !== undefined && { why }),
});
