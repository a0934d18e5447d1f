import type { ToolView } from '../messaging/contract';
import { MAX_TOOLS } from './model-settings';

/** Roughly how many tokens tool definitions may take before they crowd out the conversation. */
export const MAX_TOOL_TOKENS = 32_000;

export type ToolBudget =
  | { ok: true; count: number; estimatedTokens: number }
  | { ok: false; count: number; estimatedTokens: number; message: string };

/** About four characters a token for JSON: enough to tell 5,000 tokens from 50,000. */
export function estimateToolTokens(tools: readonly ToolView[]): number {
  return Math.ceil(
    tools.reduce(
      (sum, tool) =>
        sum + tool.name.length + tool.description.length + JSON.stringify(tool.inputSchema).length,
      0,
    ) / 4,
  );
}

/** Whether the enabled tools fit in one request; never send one the API would reject. */
export function checkToolBudget(tools: readonly ToolView[]): ToolBudget {
  const count = tools.length;
  const estimatedTokens = estimateToolTokens(tools);
  if (count > MAX_TOOLS) {
    return {
      ok: false,
      count,
      estimatedTokens,
      message: `${count} tools are switched on, but the model accepts at most ${MAX_TOOLS}. Switch off ${count - MAX_TOOLS} or more in Servers (a whole server, or single tools).`,
    };
  }
  if (estimatedTokens > MAX_TOOL_TOKENS) {
    return {
      ok: false,
      count,
      estimatedTokens,
      message: `The ${count} tools switched on would take about ${Math.round(estimatedTokens / 1000)}k tokens of every request, leaving too little room for the conversation. Switch some off in Servers.`,
    };
  }
  return { ok: true, count, estimatedTokens };
}
