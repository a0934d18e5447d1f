/**
 * What the conversation holds, for the rule of what runs unasked (src/policy/call-policy.ts):
 * the text in what the model reads that is not the person's (chat-sources.ts: a page, a tool's
 * result, a server's resource or prompt, an app, an import, other servers' descriptions), the
 * origins the person brought into the chat (the active tab's when they sent a message, URLs
 * they typed, and pages a navigation that ran went to) and the pages they saw.
 *
 * The whole conversation counts, not only the latest turn: everything in it is sent to the
 * model again, so an instruction read earlier can act later.
 */
import type { ModelMessage } from 'ai';
import { normalizeUrl } from '../browser-tools/restricted-urls';
import type { CallTrust } from './call-policy';
import { pageOf } from './call-target';
import { originOf, type ChatFacts, type ContentSource } from './chat-sources';

/** What the conversation so far means for approvals. */
export interface ChatTrust extends CallTrust {
  /** The text of the tool results so far, by whose tool gave them (for intent.ts). */
  results: Map<string, string[]>;
}

/** What the trust of a request needs to know of the tools named in it (by provider name). */
export interface NamedTools {
  isPageOpener(providerName: string): boolean;
  /** The tool's name and server for the card ("read_page (This browser)"). */
  label(providerName: string): string | undefined;
  /** Whose tool it is (chat-sources.ts `ownerOf`); undefined for one no longer listed. */
  owner(providerName: string): string | undefined;
  /**
   * What a result of this tool brings in, when that is not "its result" (Patchbay's own tools,
   * own-tools.ts: the skill a skill tool loaded, the found tools' descriptions in a tool
   * search's result); undefined for the default.
   */
  resultSources?(
    providerName: string,
    input: unknown,
    output: unknown,
  ): ContentSource[] | undefined;
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
  const inputs = new Map<string, unknown>();
  const results = new Map<string, string[]>();
  for (const message of messages) {
    if (typeof message.content === 'string') continue;
    for (const part of message.content) {
      if (part.type === 'tool-call') inputs.set(part.toolCallId, part.input);
      if (part.type === 'tool-call' && tools.isPageOpener(part.toolName)) {
        const url = (part.input as { url?: unknown } | undefined)?.url;
        if (typeof url === 'string') opened.set(part.toolCallId, normalizeUrl(url));
      }
      if (part.type !== 'tool-result' || part.output.type === 'execution-denied') continue;
      const brought = tools.resultSources?.(
        part.toolName,
        inputs.get(part.toolCallId),
        part.output,
      );
      if (brought) {
        for (const source of brought) if (!sources.some(sameSource(source))) sources.push(source);
        continue;
      }
      const label = `${tools.label(part.toolName) ?? part.toolName}’s result`;
      const owner = tools.owner(part.toolName);
      const source = { label, ...(owner !== undefined && { from: owner }) };
      if (owner !== undefined)
        results.set(owner, [...(results.get(owner) ?? []), ...textsOf(part.output)]);
      if (!sources.some(sameSource(source))) sources.push(source);
      const url = opened.get(part.toolCallId);
      // What an imported chat says its calls opened is the file's word: nothing counts as seen.
      if (url === undefined || part.output.type.startsWith('error') || facts.imported) continue;
      const origin = originOf(url);
      const page = pageOf(url);
      if (origin) origins.add(origin);
      if (page) seen.add(page);
    }
  }
  return { sources, origins, seen, results };
}

/** Every string in a tool's output, its text as the model read it (not the parts' types). */
function textsOf(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.flatMap(textsOf);
  if (typeof value === 'object' && value !== null)
    return Object.entries(value).flatMap(([key, inner]) => (key === 'type' ? [] : textsOf(inner)));
  return [];
}

/**
 * One source already counted: by what it says and whose it is (two servers may share a name,
 * and so a label; neither may stand in for the other).
 */
function sameSource(source: ContentSource) {
  return (known: ContentSource) =>
    known.label === source.label && known.from === source.from && known.about === source.about;
}
