/**
 * The chat's tool approvals as the AI SDK asks for them (streamText's `toolApproval`): the rule
 * of what runs unasked (src/policy/call-policy.ts), given the person's grants
 * (src/policy/grants.ts, and those Patchbay's own tools give: own-tools.ts), what the
 * conversation holds (turn-taint.ts) and what the person asked for (intent.ts). A call that asks
 * carries its reason, which the approval card shows.
 */
import type { ModelMessage, ToolApprovalStatus, UIMessage } from 'ai';
import { normalizeUrl } from '../browser-tools/restricted-urls';
import { BROWSER_SERVER_ID } from '../messaging/browser-access-contract';
import type { PatchbayClient } from '../messaging/client';
import type { ToolView } from '../messaging/contract';
import type { SkillView } from '../messaging/skills-contract';
import type { ApprovalSettings, CallOrigin } from '../policy/grants';
import type { ToolNameMap } from '../model-tools/tool-names';
import { answerMetadataSchema } from '../chat-message/answer-metadata';
import { originOf, ownerOf, type ChatFacts } from '../policy/chat-sources';
import { chatGrants, decideCall } from '../policy/call-policy';
import { browserCallOrigin, opensPage } from '../policy/call-target';
import { skillOwnTool, skillToolGrant } from '../skills/skill-own-tool';
import { trustOf } from '../policy/turn-taint';
import type { OfferedTool } from '../policy/intent';
import { searchOwnTool } from '../tool-search/search-own-tool';

/** A tab's URL from the background (the active tab's without `tabId`), for "Use this browser". */
export function chatTabUrl(client: PatchbayClient) {
  return async (tabId: number | undefined): Promise<string | undefined> =>
    (await client.request('browser-access/chat/tab-url', tabId === undefined ? {} : { tabId })).url;
}

/** How many calls' origins are kept for their "Always allow" (older cards resolve again). */
const KEPT_ORIGINS = 200;

/** A browser call of the chat, as its tab is asked for. */
export interface ChatCall {
  toolCallId: string;
  name: string;
  args: Record<string, unknown>;
}

/**
 * The URL of the tab a chat's browser call acts on, pinned to the call in the background
 * (`browser-access/chat/target`): the call, asked about or run unasked, acts on exactly the tab
 * whose origin its approval was decided on.
 */
export function chatCallTabUrl(client: PatchbayClient) {
  return async (call: ChatCall): Promise<string | undefined> =>
    (
      await client.request('browser-access/chat/target', {
        callId: call.toolCallId,
        name: call.name,
        arguments: call.args,
      })
    ).target?.url;
}

/**
 * Where browser calls act or send, resolved when the call is decided and kept, so that "Always
 * allow" on its card pins the grant to the origin the person was asked about.
 */
export function createCallOrigins(callTabUrl: (call: ChatCall) => Promise<string | undefined>) {
  const kept = new Map<string, CallOrigin>();
  async function resolve(
    tool: Pick<ToolView, 'serverId' | 'name'>,
    input: unknown,
    toolCallId: string,
  ) {
    if (tool.serverId !== BROWSER_SERVER_ID) return undefined;
    const origin = browserCallOrigin(tool.name, input);
    if (origin !== 'its tab') return origin;
    const args = (typeof input === 'object' && input !== null ? input : {}) as Record<
      string,
      unknown
    >;
    return originOf(await callTabUrl({ toolCallId, name: tool.name, args }).catch(() => undefined));
  }
  return {
    /** Resolves a call's origin now (pinning its tab) and keeps it under its id. */
    async decide(
      tool: Pick<ToolView, 'serverId' | 'name'>,
      input: unknown,
      toolCallId: string,
    ): Promise<CallOrigin> {
      const origin = await resolve(tool, input, toolCallId);
      kept.delete(toolCallId);
      kept.set(toolCallId, origin);
      if (kept.size > KEPT_ORIGINS) kept.delete(kept.keys().next().value!);
      return origin;
    },
    /** The origin a call was decided on, or its pinned tab's for a card from an earlier panel. */
    async of(
      tool: Pick<ToolView, 'serverId' | 'name'>,
      input: unknown,
      toolCallId: string,
    ): Promise<CallOrigin> {
      return kept.has(toolCallId) ? kept.get(toolCallId) : resolve(tool, input, toolCallId);
    },
  };
}
export type CallOrigins = ReturnType<typeof createCallOrigins>;

/** streamText's `toolApproval` for this request's tools. */
export function chatToolApproval(options: {
  views: readonly ToolView[];
  names: ToolNameMap;
  approvals: ApprovalSettings;
  origins: CallOrigins;
  /** What the person brought into the chat, and the text others did (chat-sources.ts). */
  facts: ChatFacts;
  /** A server's name for the card. */
  serverName(serverId: string): string;
  /** The skills the person allowed, offered in this request (src/skills/skill-tool.ts). */
  skills?: readonly SkillView[];
}): (call: {
  toolCall: { toolName: string; toolCallId: string; input: unknown };
  messages: ModelMessage[];
}) => Promise<ToolApprovalStatus> {
  const viewOf = (providerName: string) => {
    const address = options.names.resolve(providerName);
    return options.views.find(
      (view) => view.serverId === address?.serverId && view.name === address.name,
    );
  };
  const skills = options.skills ?? [];
  // Patchbay's own tools describe themselves to the rule (src/policy/own-tools.ts).
  const own = [searchOwnTool(viewOf, options.serverName), skillOwnTool(skills)];
  let offered: OfferedTool[] | undefined;
  const ownGrants = [skillToolGrant(skills)];
  return async ({ toolCall, messages }) => {
    const ownTool = own.find((each) => each.name === toolCall.toolName);
    const view = ownTool ? ownTool.toolFor(toolCall.input) : viewOf(toolCall.toolName);
    if (!view) return 'user-approval';
    const origin = await options.origins.decide(view, toolCall.input, toolCall.toolCallId);
    const trust = trustOf(messages, options.facts, {
      resultSources: (name, input, output) =>
        own.find((each) => each.name === name)?.resultSources?.(input, output),
      isPageOpener: (name) => {
        const opener = viewOf(name);
        return opener !== undefined && opensPage(opener);
      },
      label: (name) => {
        const called = viewOf(name);
        if (!called) return undefined;
        const from = called.page?.site ?? options.serverName(called.serverId);
        return `${called.name} (${from})`;
      },
      owner: (name) => {
        const called = viewOf(name);
        return called && ownerOf(called);
      },
    });
    const url = (toolCall.input as { url?: unknown } | undefined)?.url;
    const call = {
      tool: view,
      origin,
      args: toolCall.input,
      ...(opensPage(view) && typeof url === 'string' && { url: normalizeUrl(url) }),
    };
    const grants = chatGrants(view, options.approvals, origin);
    if (ownTool?.granted?.(toolCall.input) || ownGrants.some((grant) => grant(view, messages)))
      grants.allowedAlways = true;
    // Loaded on the first call: the rule's word reading is not needed to open the panel.
    const { intentJudge, offeredTools } = await import('../policy/intent');
    offered ??= offeredTools(options.views, options.serverName);
    const intent = intentJudge({
      said: options.facts.said ?? { all: [], latest: '' },
      results: trust.results,
      offered,
      hosts: [...trust.origins].flatMap((each) =>
        URL.canParse(each) ? [new URL(each).hostname] : [],
      ),
    });
    const verdict = decideCall(call, grants, { ...trust, intent });
    if (!verdict.ask) return 'not-applicable';
    return verdict.why === undefined
      ? 'user-approval'
      : { type: 'user-approval', reason: verdict.why };
  };
}

/**
 * The origin of the active tab when the person asked: kept on the answer being continued (after
 * an approval the model goes on, and the active tab may be one it opened), else looked up now.
 */
export async function pointedOriginOf(
  messages: readonly UIMessage[],
  tabUrl: (tabId: undefined) => Promise<string | undefined>,
): Promise<string | undefined> {
  const last = messages.at(-1);
  if (last?.role === 'assistant') {
    const metadata = answerMetadataSchema.safeParse(last.metadata ?? {});
    return metadata.success ? metadata.data.pointedOrigin : undefined;
  }
  return originOf(await tabUrl(undefined).catch(() => undefined));
}
