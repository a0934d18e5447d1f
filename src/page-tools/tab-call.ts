/**
 * Running a page tool in one tab, over the proxy's port: MCP-B's `browser/executeTool`, retried
 * while the tab's page is still loading (no proxy yet), its answer checked.
 */
import { PatchbayError } from '../errors/patchbay-error';
import { executeResultSchema } from './page-tool-messages';
import type { HubTool } from './hub-tool';
import { TabNotReadyError, type TabHubTransport } from './ports';

export interface TabCallOptions {
  transport: TabHubTransport;
  timeoutMs: number;
  /** Retries when a tab's page is still loading, each after `retryDelayMs`. */
  retries: number;
  retryDelayMs: number;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Runs the tool in the tab and resolves with what the page answered. */
export async function callInTab(
  options: TabCallOptions,
  tabId: number,
  tool: HubTool,
  args: Record<string, unknown>,
) {
  for (let attempt = 0; ; attempt += 1) {
    try {
      const answer = await options.transport.sendRequest(
        tabId,
        { method: 'browser/executeTool', params: { toolName: tool.toolName, args } },
        options.timeoutMs,
      );
      const result = executeResultSchema.safeParse(answer);
      if (!result.success)
        throw new PatchbayError(
          'tool-failed',
          `${tool.domain} answered ${tool.toolName} with something Patchbay cannot read.`,
        );
      if (!result.data.success)
        throw new PatchbayError(
          'tool-failed',
          `${tool.domain} could not run ${tool.toolName}: ${result.data.payload}`,
        );
      return result.data.payload;
    } catch (error) {
      if (error instanceof TabNotReadyError && attempt < options.retries) {
        await sleep(options.retryDelayMs);
        continue;
      }
      throw error;
    }
  }
}
