/**
 * The tools that act on a page through the page agent: clicking, typing, pressing a key and
 * scrolling. After an action, a navigation it started is given a moment, and the answer says
 * where the tab went.
 */
import type { CallToolResultView } from '../messaging/contract';
import type { TabInfo } from './browser-control';
import { runAgent } from './page-agent-calls';
import type { TabTarget } from './tab-target';
import { whereTab } from './tab-view';
import type { ToolContext, ToolHandlers } from './tool-handler';
import type { BrowserAgentCommand } from './page-agent/commands';

/** How long an action waits for a navigation it started. */
const ACTION_SETTLE_MS = 3_000;

type ActionToolName = 'click' | 'type' | 'press_key' | 'scroll';

export function pageActionTools(context: ToolContext): ToolHandlers<ActionToolName> {
  /** Acts in the pinned tab; then waits a little for a navigation, and says where the tab is. */
  async function act(pin: TabTarget, command: BrowserAgentCommand) {
    const tab = await context.tabs.pageTab(pin);
    return afterAction(context, tab, await runAgent(context, tab, command, pin));
  }
  return {
    async click({ ref }, { pin }) {
      return act(pin, { type: 'click', ref });
    },
    async type({ ref, text: typed, clear, submit }, { pin }) {
      return act(pin, { type: 'type', ref, text: typed, clear, submit });
    },
    async press_key({ key, ref }, { pin }) {
      return act(pin, { type: 'press', key, ...(ref && { ref }) });
    },
    async scroll({ ref, direction, amount }, { pin }) {
      const command: BrowserAgentCommand = {
        type: 'scroll',
        ...(ref && { ref }),
        ...(direction && { direction }),
        ...(amount && { amount }),
      };
      return runAgent(context, await context.tabs.pageTab(pin), command, pin);
    },
  };
}

/** After an action: wait a little for a navigation it started, then say where the tab is. */
async function afterAction({ control }: ToolContext, tab: TabInfo, result: CallToolResultView) {
  if (result.isError) return result;
  const now = await control.settle(tab.id, ACTION_SETTLE_MS);
  if (now && now.url !== tab.url) {
    result.content.push({ type: 'text', text: `The tab is now ${whereTab(now)}.` });
  }
  return result;
}
