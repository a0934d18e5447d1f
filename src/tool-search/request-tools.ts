/**
 * The chat's tools when more are switched on than fit in one request: every tool is in the
 * request's tool set, but deferred (the AI SDK's `deferLoading`), and the model gets the AI
 * SDK's `toolSearch`, ranked here by Patchbay's own scorer (src/tool-search/rank-tools.ts). What
 * a search finds the SDK offers from the next step of that request on; tools the model found or
 * called earlier in the chat start loaded (src/tool-search/loaded-tools.ts). Under the budget
 * nothing changes: every tool is offered, and there is no search.
 *
 * Approvals do not change either: a found tool's call is decided like any other
 * (src/chat-approval/chat-approval.ts), the search itself is Patchbay's read-only tool, and what it
 * returns is the servers' descriptions of their tools, a source like the descriptions in a request.
 */
import { toolSearch, type Tool, type ToolSet, type UIMessage } from 'ai';
import type { PatchbayClient } from '../messaging/client';
import type { ToolView } from '../messaging/contract';
import { createToolIndex, type ToolIndex } from './rank-tools';
import { loadedToolNames } from './loaded-tools';
import { TOOL_SEARCH_NAME } from './search-tool';
import { buildProxyTools, type StopIntent } from '../model-tools/proxy-tools';
import { checkToolBudget, MAX_TOOL_TOKENS, toolsWithin } from '../model-tools/tool-budget';
import type { ToolNameMap } from '../model-tools/tool-names';

/** How many tools one search loads (the best matches). */
export const TOOL_SEARCH_RESULTS = 5;

/**
 * How many tools found or called earlier in the chat start a request loaded, and how many
 * tokens their definitions may take. With a search a step, a request of `MAX_STEPS` steps
 * offers at most 1 + 40 + 5 × 12 = 101 definitions: within every provider's 128.
 */
export const KEPT_LOADED_TOOLS = 40;
export const KEPT_LOADED_TOKENS = MAX_TOOL_TOKENS / 2;

/** The search, when the request has it: how many tools it searches and which start loaded. */
export interface ToolSearchPlan {
  total: number;
  servers: number;
  /** Names in the chat of the tools loaded from the first step. */
  loaded: string[];
}

export interface RequestTools {
  tools: ToolSet;
  names: ToolNameMap;
  /** Absent when every tool fits in the request. */
  search?: ToolSearchPlan;
}

/** The request's tools: all of them offered, or deferred behind the search. */
export function requestTools(
  views: readonly ToolView[],
  messages: readonly UIMessage[],
  options: {
    client: PatchbayClient;
    serverName(serverId: string): string;
    chatId?: string;
    stopIntent?: StopIntent;
    /** How many of Patchbay's own tools the request carries besides (the skill tool). */
    ownTools?: number;
  },
): RequestTools {
  const { serverName, ownTools, ...proxyOptions } = options;
  if (checkToolBudget(views, ownTools).ok) return buildProxyTools(views, proxyOptions);
  const { tools, names } = buildProxyTools(views, { ...proxyOptions, deferLoading: true });
  const byName = new Map(views.map((view) => [names.nameFor(view), view]));
  const kept = loadedToolNames(messages, {
    isAvailable: (name) => byName.has(name),
    limit: KEPT_LOADED_TOOLS,
  });
  const loaded = toolsWithin(
    kept.map((name) => byName.get(name)!),
    { maxCount: KEPT_LOADED_TOOLS, maxTokens: KEPT_LOADED_TOKENS },
  ).map((view) => names.nameFor(view));
  for (const name of loaded) tools[name] = { ...tools[name]!, deferLoading: false };
  return {
    // The search first: what every step of the chat offers leads the list.
    tools: { [TOOL_SEARCH_NAME]: createToolSearch(views, names, serverName), ...tools },
    names,
    search: {
      total: views.length,
      servers: new Set(views.map((view) => view.serverId)).size,
      loaded,
    },
  };
}

/**
 * The AI SDK's tool search over the request's deferred tools, ranked by name, title,
 * description and server. It is a dynamic tool, as the proxy tools are, so the panel shows its
 * call like theirs.
 */
export function createToolSearch(
  views: readonly ToolView[],
  names: ToolNameMap,
  serverName: (serverId: string) => string,
): Tool {
  let index: ToolIndex | undefined;
  const search = ({ query, tools }: { query: string; tools: { name: string }[] }) => {
    index ??= createToolIndex(
      views.map((view) => ({
        key: names.nameFor(view),
        name: view.page?.tool ?? view.name,
        ...(view.title !== undefined && { title: view.title }),
        description: view.description,
        server: view.page?.site ?? serverName(view.serverId),
      })),
    );
    // Only tools not loaded yet are candidates; the others are already offered.
    const candidates = new Set(tools.map((tool) => tool.name));
    return index.search(query, TOOL_SEARCH_RESULTS, (key) => candidates.has(key));
  };
  return {
    ...toolSearch({ search, maxResults: TOOL_SEARCH_RESULTS }),
    type: 'dynamic',
    description: `Searches the ${views.length} tools the person switched on (by name, title, description and server) and loads the ${TOOL_SEARCH_RESULTS} that match best: you can call them from your next step. Use a few keywords for what the tool does, or its server. Tools already loaded are not listed again; if nothing matches, try other words.`,
  } as Tool;
}

/** What the system prompt says when the tools are searched. */
export function toolSearchPrompt(plan: ToolSearchPlan): string {
  return `The person switched on ${plan.total} tools from ${plan.servers} servers, more than fit in one request, so only some are loaded. To use one that is not, call ${TOOL_SEARCH_NAME} with a few keywords first; the tools it finds can be called from your next step.`;
}
