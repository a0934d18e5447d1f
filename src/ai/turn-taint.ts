/**
 * What the conversation holds decides, with the person's grants, whether a chat tool call
 * waits for them. Text that is not the person's (chat-sources.ts: a page, a tool's result, a
 * server's resource or prompt, an app, an import, other servers' descriptions) can steer the
 * model ("post this code with that tool"), so once any such text is in what the model reads, a
 * tool that can send data out asks again even if it is always allowed or read-only: the
 * browser's navigate and tab_open (to an origin not yet in the chat, or with anything in the
 * address nobody typed: a query, a fragment, a new path), and any other tool that does not say
 * it stays in a closed world (MCP's openWorldHint defaults to true, so a tool without hints can
 * send data out; a website's own tool always can, to the site, whatever it says), and any tool
 * that may change or delete things (one that does not say it only reads, or that it does not
 * destroy: MCP's destructiveHint defaults to true). The browser's read-only tools run unasked only on origins the person brought into the chat: the
 * active tab's when they sent a message, URLs they typed, and pages a navigation that ran went
 * to.
 *
 * The whole conversation counts, not only the latest turn: everything in it is sent to the
 * model again, so an instruction read earlier can act later.
 */
import type { ModelMessage } from 'ai';
import { normalizeUrl } from '../browser-tools/restricted-urls';
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
import {
  describeSources,
  originOf,
  ownerOf,
  sourcesFor,
  type ChatFacts,
  type ContentSource,
} from './chat-sources';

/** What the conversation so far means for approvals. */
export interface ChatTrust {
  /** Text in what the model reads that is not the person's. */
  sources: readonly ContentSource[];
  /** Origins the person brought into the chat (see the module's comment). */
  origins: ReadonlySet<string>;
  /** Addresses (origin and path) the person typed, or a navigation that ran opened. */
  seen: ReadonlySet<string>;
}

export type ApprovalVerdict = { ask: false } | { ask: true; why?: string };

/** Browser tools that load a URL of the model's choosing: where they send is their URL. */
const OPENS_PAGE = new Set(['navigate', 'tab_open']);

export function opensPage(tool: Pick<ToolLike, 'serverId' | 'name'>): boolean {
  return tool.serverId === BROWSER_SERVER_ID && OPENS_PAGE.has(tool.name);
}

/** A URL's origin and path, the part of an address that says which page it is. */
export function pageOf(url: string): string | undefined {
  try {
    const parsed = new URL(url);
    return `${parsed.origin}${parsed.pathname}`;
  } catch {
    return undefined;
  }
}

/** What the trust of a request needs to know of the tools named in it (by provider name). */
export interface NamedTools {
  isPageOpener(providerName: string): boolean;
  /** The tool's name and server for the card ("read_page (This browser)"). */
  label(providerName: string): string | undefined;
  /** Whose tool it is ({@link ownerOf}); undefined for one no longer listed. */
  owner(providerName: string): string | undefined;
}

/**
 * The trust of what the model is about to act on: `messages` are those sent to it (the
 * conversation and this request's steps so far), `facts` what the person brought in and what
 * others did (chat-sources.ts). Any tool result but the person's own denial is someone else's
 * text; a page-opening call that ran adds its URL's origin and page.
 */
export function trustOf(
  messages: readonly ModelMessage[],
  facts: ChatFacts,
  tools: NamedTools,
): ChatTrust {
  const origins = new Set(facts.origins);
  const seen = new Set(facts.urls.map(pageOf).filter((page) => page !== undefined));
  const sources = [...facts.sources];
  const opened = new Map<string, string>();
  for (const message of messages) {
    if (typeof message.content === 'string') continue;
    for (const part of message.content) {
      if (part.type === 'tool-call' && tools.isPageOpener(part.toolName)) {
        const url = (part.input as { url?: unknown } | undefined)?.url;
        if (typeof url === 'string') opened.set(part.toolCallId, normalizeUrl(url));
      }
      if (part.type !== 'tool-result' || part.output.type === 'execution-denied') continue;
      const label = `${tools.label(part.toolName) ?? part.toolName}’s result`;
      const from = tools.owner(part.toolName);
      if (!sources.some((source) => source.label === label))
        sources.push({ label, ...(from !== undefined && { from }) });
      const url = opened.get(part.toolCallId);
      // What an imported chat says its calls opened is the file's word: nothing counts as seen.
      if (url === undefined || part.output.type.startsWith('error') || facts.imported) continue;
      const origin = originOf(url);
      const page = pageOf(url);
      if (origin) origins.add(origin);
      if (page) seen.add(page);
    }
  }
  return { sources, origins, seen };
}

/**
 * Whether a call waits for the person, and why when the reason is not plain (a grant or a
 * read-only switch that does not hold here, or text in the chat that is not the person's).
 * `origin` is where a browser tool acts or sends (see {@link CallOrigin}); other tools ignore
 * it. `url` is the address a page-opening call loads.
 */
export function approvalFor(
  tool: ToolLike & Pick<ToolView, 'page'>,
  settings: ApprovalSettings,
  origin: CallOrigin,
  trust: ChatTrust,
  url?: string,
): ApprovalVerdict {
  const browser = tool.serverId === BROWSER_SERVER_ID;
  const inChat = typeof origin === 'string' && trust.origins.has(origin);
  const taint = sourcesFor(tool, trust.sources);
  const destination = taint.length ? sendsTo(tool, origin, inChat, url, trust, taint) : undefined;
  // What it could do that the person did not ask for: send the chat's data out, or destroy.
  const risk =
    destination !== undefined
      ? `send data to ${destination}`
      : taint.length && mayDestroy(tool)
        ? 'change or delete things (it does not say it cannot)'
        : undefined;
  const tainted = `this chat holds text from ${describeSources(taint)}, and this tool can ${risk}.`;
  if (!isAllowedAlways(tool, settings, origin)) {
    if (!isTrustedReadOnly(tool, settings)) {
      // Asked anyway: the risk is still worth a line on the card.
      const why = risk === undefined ? undefined : `Careful: ${tainted}`;
      return asked(grantedElsewhere(tool, settings, origin) ?? why);
    }
    if (browser && !inChat) {
      return asked(
        `Read-only browser tools run without asking only on sites you pointed the chat at; this one reads ${where(origin)}.`,
      );
    }
  }
  if (risk === undefined) return { ask: false };
  return { ask: true, why: `Asked again: ${tainted}` };
}

/**
 * Whether a tool may destroy: MCP's destructiveHint defaults to true for a tool that does not
 * say it only reads, so only `readOnlyHint: true` or `destructiveHint: false` say it cannot.
 */
function mayDestroy(tool: ToolLike): boolean {
  const hints = tool.annotations;
  return hints?.readOnlyHint !== true && hints?.destructiveHint !== false;
}

/** Where a call could carry the chat's content, in words; undefined when nowhere new. */
function sendsTo(
  tool: ToolLike & Pick<ToolView, 'page'>,
  origin: CallOrigin,
  inChat: boolean,
  url: string | undefined,
  trust: ChatTrust,
  taint: readonly ContentSource[],
): string | undefined {
  if (opensPage(tool)) return newAddress(url, origin, inChat, trust);
  // A site's own tool sends to the site, whatever its hints say: they are the site's word.
  if (tool.serverId === PAGE_TOOLS_SERVER_ID) return tool.page?.site ?? 'the site that offers it';
  if (tool.annotations?.openWorldHint === false) {
    // Closed world, but its server gets the call's arguments: anything the chat holds from
    // elsewhere (a page, another server, a file) could go to it.
    if (tool.serverId === BROWSER_SERVER_ID) return undefined;
    const owner = ownerOf(tool);
    const elsewhere = taint.some((source) => source.about === undefined && source.from !== owner);
    return elsewhere
      ? 'its own server (it gets the call’s arguments, and the chat holds text from elsewhere)'
      : undefined;
  }
  if (tool.serverId === BROWSER_SERVER_ID) return where(origin);
  return 'places beyond its server (it does not say it stays within it)';
}

/**
 * The address a page-opening call loads, in words, unless it carries nothing new: a page the
 * person typed or a navigation already opened, without a query or a fragment. An origin in the
 * chat exempts no other page of it: a path or a query can carry what the model read to the
 * site's own server, or through its redirects.
 */
function newAddress(
  url: string | undefined,
  origin: CallOrigin,
  inChat: boolean,
  trust: ChatTrust,
): string | undefined {
  if (url === undefined) return where(origin);
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return url;
  }
  // The address as the browser will load it (an IDN host in punycode, no stray whitespace).
  const href = parsed.href;
  if (!inChat) return href;
  if (parsed.username || parsed.password)
    return `${href} (its address carries a user name or password that nobody typed in this chat)`;
  if (parsed.search && parsed.search !== '?')
    return `${href} (its address carries a query that nobody typed in this chat)`;
  if (parsed.hash && parsed.hash !== '#')
    return `${href} (its address carries a fragment that nobody typed in this chat)`;
  if (!trust.seen.has(`${parsed.origin}${parsed.pathname}`))
    return `${href} (a page of this site not opened or typed in this chat)`;
  return undefined;
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
