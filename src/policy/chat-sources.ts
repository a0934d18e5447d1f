/**
 * Whose words a chat holds. Patchbay assumes the model does whatever any text it reads says, so
 * only what the person typed in the composer is theirs: their words, and the sites and URLs in
 * them. Everything else the model reads is someone else's and taints the chat (turn-taint.ts):
 * a server's resource attached with "@", a server's prompt run with "/", a page's text quoted
 * from the context menu, an app's message or model context, an imported chat, a file, a tool's
 * result, and the servers' instructions and tool descriptions in the request. A server's own
 * instructions and descriptions describe its own tools, so they taint only calls to other
 * servers (or sites); everything else taints every call.
 */
import type { UIMessage } from 'ai';
import { readAnswerMetadata } from '../chat-message/answer-metadata';
import { originOfMessage } from '../chat-message/message-origin';
import { isResourcePart } from '../chat-message/resource-parts';
import { BROWSER_SERVER_ID } from '../messaging/browser-access-contract';
import type { ServerView, ToolView } from '../messaging/contract';
import type { SkillView } from '../messaging/skills-contract';
import { PAGE_TOOLS_SERVER_ID } from '../messaging/page-tools-contract';
import { steeringIn } from './description-scan';

/** Text in the chat that is not the person's. */
export interface ContentSource {
  /** The source in words, completing "this chat holds text from …". */
  label: string;
  /**
   * The server whose content it is (a resource, a prompt, a tool's result): a call to that
   * server's closed-world tool gives it back nothing it did not have. Absent: anyone's.
   */
  from?: string;
  /**
   * Set for words a server or site says about its own tools (instructions, descriptions): the
   * owner ({@link ownerOf}) whose calls they do not taint.
   */
  about?: string;
  /**
   * Set where the words read like instructions to the model (description-scan.ts), with the
   * words that do: no call the chat's outside text could steer runs unasked while they are in it.
   */
  steers?: string;
}

/** What the person typed in the chat, as the intent rule reads it (intent.ts). */
export interface PersonWords {
  /** Each message they typed whole, oldest first (one that quoted a page is not theirs whole). */
  all: readonly string[];
  /** Their latest message, when they typed it whole; '' when it was anything else. */
  latest: string;
}

/** What the person brought into the chat, and what others did. */
export interface ChatFacts {
  /** Origins of the URLs the person typed, and of pages they quoted from. */
  origins: string[];
  /** The URLs the person typed, whole. */
  urls: string[];
  sources: ContentSource[];
  /**
   * The chat holds an imported one: the pages its calls say they opened are a file's word, so
   * none counts as opened.
   */
  imported: boolean;
  /** What the person typed, as the intent rule reads it (intent.ts); absent: nothing. */
  said?: PersonWords;
}

/** Whose tools a tool is: a server, a site (page tools), or the browser. */
export function ownerOf(tool: Pick<ToolView, 'serverId' | 'page'>): string {
  if (tool.serverId === PAGE_TOOLS_SERVER_ID) return `site:${tool.page?.site ?? ''}`;
  return tool.serverId;
}

/** The http(s) URLs written out in `text`, without the punctuation of the sentence around. */
export function urlsIn(text: string): string[] {
  return [...text.matchAll(/https?:\/\/[^\s<>"'`)\]]+/gi)].map((match) =>
    match[0].replace(/[.,;:!?]+$/, ''),
  );
}

/**
 * The person's facts and the other sources of the conversation as the panel holds it.
 * `serverName` names a server for the card.
 */
export function chatFacts(
  messages: readonly UIMessage[],
  serverName: (serverId: string) => string,
): ChatFacts {
  const facts: ChatFacts = { origins: [], urls: [], sources: [], imported: false };
  const said: string[] = [];
  let latest = '';
  const add = (label: string, from?: string) => {
    if (!facts.sources.some((source) => source.label === label))
      facts.sources.push({ label, ...(from !== undefined && { from }) });
  };
  for (const message of messages) {
    const origin = originOfMessage(message);
    if (origin.imported) {
      facts.imported = true;
      add('an imported chat');
    }
    // Whatever its role: a prompt may give assistant turns, and an app or a file any part.
    for (const part of message.parts) {
      if (isResourcePart(part))
        add(`${serverName(part.data.serverId)}’s resource ${part.data.uri}`, part.data.serverId);
      else if (part.type === 'file') add(`the file ${part.filename ?? part.mediaType}`);
    }
    if (origin.fromApp !== undefined) add(`the app ${origin.fromApp}’s message`);
    if (origin.fromPrompt)
      add(
        `${serverName(origin.fromPrompt.serverId)}’s prompt ${origin.fromPrompt.name}`,
        origin.fromPrompt.serverId,
      );
    if (message.role === 'assistant') {
      // The site the person pointed the chat at when they asked (the active tab).
      const pointed = readAnswerMetadata(message).pointedOrigin;
      if (pointed !== undefined && !origin.imported) facts.origins.push(pointed);
    }
    if (message.role !== 'user') continue;
    latest = '';
    if (origin.fromApp !== undefined || origin.fromPrompt || origin.imported) continue;
    if (!origin.typed) add('messages an earlier version of Patchbay saved');
    else if (origin.quoted?.length) {
      // The draft held a page's text: its URLs are the page's, but the page is one the person
      // pointed at.
      for (const page of origin.quoted) {
        const pageOrigin = originOf(page.url);
        add(pageOrigin ? `the page ${page.url}` : 'a page’s text quoted in the composer');
        if (pageOrigin) facts.origins.push(pageOrigin);
      }
    } else {
      latest = message.parts
        .flatMap((part) => (part.type === 'text' ? [part.text] : []))
        .join('\n');
      said.push(latest);
      for (const part of message.parts) {
        if (part.type !== 'text') continue;
        for (const url of urlsIn(part.text)) {
          const typedOrigin = originOf(url);
          if (!typedOrigin) continue;
          facts.urls.push(url);
          facts.origins.push(typedOrigin);
        }
      }
    }
  }
  facts.said = { all: said, latest };
  return facts;
}

/**
 * What the request itself carries besides the conversation: the servers' instructions and the
 * offered tools' descriptions (each about its own tools) and the apps' model context.
 */
export function requestSources(options: {
  servers: readonly ServerView[];
  views: readonly ToolView[];
  /** What MCP Apps told the model (src/apps/app-model-context.ts), by the app's tool. */
  appContext: readonly { serverName: string; toolName: string; text: string }[];
  /** The skills offered: their names and descriptions, their servers' words about them. */
  skills?: readonly SkillView[];
}): ContentSource[] {
  const sources: ContentSource[] = [];
  for (const server of options.servers) {
    if (!server.isEnabled || server.status.state !== 'connected' || !server.instructions) continue;
    sources.push({ label: `${server.name}’s instructions`, about: server.id });
  }
  const serverName = (serverId: string) =>
    options.servers.find((server) => server.id === serverId)?.name ?? serverId;
  for (const view of options.views) {
    const source = descriptionsSource(view, serverName);
    if (!source) continue;
    const known = sources.find(
      (each) => each.about === source.about && each.label === source.label,
    );
    if (known) {
      if (known.steers === undefined && source.steers !== undefined) known.steers = source.steers;
      continue;
    }
    sources.push(source);
  }
  for (const serverId of new Set(options.skills?.map((skill) => skill.serverId)))
    sources.push({
      label: `${serverName(serverId)}’s skill descriptions`,
      about: serverId,
    });
  for (const app of options.appContext)
    if (app.text.trim())
      sources.push({ label: `the app ${app.toolName} (${app.serverName})’s model context` });
  return sources;
}

/**
 * The words of a tool's server (or site) about its tools, as a source: its descriptions, names
 * and titles, in a request or in a tool search's result. None for the browser's tools, whose
 * descriptions are Patchbay's own words.
 */
export function descriptionsSource(
  view: Pick<ToolView, 'serverId' | 'page' | 'name' | 'description' | 'inputSchema'>,
  serverName: (serverId: string) => string,
): (ContentSource & { about: string }) | undefined {
  if (view.serverId === BROWSER_SERVER_ID) return undefined;
  const name =
    view.serverId === PAGE_TOOLS_SERVER_ID
      ? `the site ${view.page?.site ?? 'that offers them'}`
      : serverName(view.serverId);
  const steers = steeringIn(view);
  return {
    label: `${name}’s tool descriptions`,
    about: ownerOf(view),
    ...(steers !== undefined && { steers: `${view.name}: ${steers}` }),
  };
}

/**
 * The sources that taint a call of `tool`: words that read like instructions first, then
 * content (what the card names first is what most likely steered the model), then other
 * servers' words about their own tools.
 */
export function sourcesFor(
  tool: Pick<ToolView, 'serverId' | 'page'>,
  sources: readonly ContentSource[],
): ContentSource[] {
  const owner = ownerOf(tool);
  const others = sources.filter((source) => source.about !== owner);
  // Words that read like instructions to the model most likely steered it: they come first.
  return [
    ...others.filter((source) => source.steers !== undefined),
    ...others.filter((source) => source.steers === undefined && source.about === undefined),
    ...others.filter((source) => source.steers === undefined && source.about !== undefined),
  ];
}

/** "X", "X and Y", or "X and 3 more sources". */
export function describeSources(sources: readonly ContentSource[]): string {
  const [first, second] = sources;
  if (!first) return '';
  if (!second) return first.label;
  if (sources.length === 2) return `${first.label} and ${second.label}`;
  return `${first.label} and ${sources.length - 1} more sources`;
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
