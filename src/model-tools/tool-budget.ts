import type { ToolView } from '../messaging/contract';
import { MAX_TOOLS } from '../models/model-settings';

/** Roughly how many tokens tool definitions may take before they crowd out the conversation. */
export const MAX_TOOL_TOKENS = 32_000;

/**
 * Whether the switched-on tools fit in one request. When they do not, the chat does not send
 * them all (an API would refuse the request, or the conversation would have no room): the model
 * gets the tool search instead (src/tool-search/request-tools.ts), and the message says so.
 */
export type ToolBudget =
  | { ok: true; count: number; estimatedTokens: number }
  | { ok: false; count: number; estimatedTokens: number; message: string };

const SEARCHED = 'the model searches them and loads the ones it needs';

/** About four characters a token for JSON: enough to tell 5,000 tokens from 50,000. */
export function estimateToolTokens(tools: readonly ToolView[]): number {
  return Math.ceil(tools.reduce((sum, tool) => sum + definitionLength(tool), 0) / 4);
}

function definitionLength(tool: ToolView): number {
  return tool.name.length + tool.description.length + JSON.stringify(tool.inputSchema).length;
}

/**
 * Whether the switched-on tools fit in one request, beside `ownTools` of Patchbay's own (the
 * skill tool); never send one the API would reject.
 */
export function checkToolBudget(tools: readonly ToolView[], ownTools = 0): ToolBudget {
  const count = tools.length;
  const estimatedTokens = estimateToolTokens(tools);
  if (count + ownTools > MAX_TOOLS) {
    return {
      ok: false,
      count,
      estimatedTokens,
      message: `${count.toLocaleString('en-US')} tools are switched on, more than the ${MAX_TOOLS} a request can carry: ${SEARCHED}.`,
    };
  }
  if (estimatedTokens > MAX_TOOL_TOKENS) {
    return {
      ok: false,
      count,
      estimatedTokens,
      message: `The ${count} tools switched on would take about ${Math.round(estimatedTokens / 1000)}k tokens of every request, too many beside the conversation: ${SEARCHED}.`,
    };
  }
  return { ok: true, count, estimatedTokens };
}

/** The first of `tools` (in their order) that fit in `maxCount` tools and `maxTokens` tokens. */
export function toolsWithin<T extends ToolView>(
  tools: readonly T[],
  limits: { maxCount: number; maxTokens: number },
): T[] {
  const kept: T[] = [];
  let length = 0;
  for (const tool of tools) {
    if (kept.length >= limits.maxCount) break;
    length += definitionLength(tool);
    if (Math.ceil(length / 4) > limits.maxTokens) break;
    kept.push(tool);
  }
  return kept;
}
