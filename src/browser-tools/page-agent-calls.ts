/**
 * Running the page agent (page-agent/) for a tool: in the document the call was decided on,
 * answering with the agent's summary of its result as the text (page-agent/result-summary.ts)
 * and the result's data as `structuredContent`, or with its failure.
 */
import type { CallToolResultView } from '../messaging/contract';
import type { TabInfo } from './browser-control';
import type { BrowserAgentCommand } from './page-agent/commands';
import type { TabTarget } from './tab-target';
import { text, type ToolContext } from './tool-handler';

/** What a tool answers when the page's agent gave no summary of its result. */
export const NO_SUMMARY =
  'The page answered in a form this version of Patchbay does not read. Reload the tab and try again.';

/** Runs the command in the tab's pinned document. */
export async function runAgent(
  { tabs }: ToolContext,
  tab: TabInfo,
  command: BrowserAgentCommand,
  pin: TabTarget,
): Promise<CallToolResultView> {
  const response = await tabs.runIn(tab, command, pin);
  if (!response.ok) return text(response.message, true);
  const { summary, ...data } = response;
  // Only an agent of another build answers without one: its data is in a shape not known here.
  if (typeof summary !== 'string') return text(NO_SUMMARY, true);
  delete (data as { ok?: true }).ok; // the envelope's, not the result's
  return { content: [{ type: 'text', text: summary }], structuredContent: data };
}

/**
 * Reads the pinned tab: what it read is handed over only if the tab is still on the pinned
 * origin afterwards (it may have gone elsewhere while the page agent ran).
 */
export async function readWithAgent(
  context: ToolContext,
  pin: TabTarget,
  command: BrowserAgentCommand,
): Promise<CallToolResultView> {
  const result = await runAgent(context, await context.tabs.pageTab(pin), command, pin);
  await context.tabs.stayed(pin);
  return result;
}
