/**
 * The tools that look at a page without changing it: reading its content, a snapshot of its
 * elements, finding text, waiting for something to appear, and a screenshot of the tab.
 */
import { readWithAgent } from './page-agent-calls';
import { restrictionOf } from './restricted-urls';
import { pinBroken, ToolRefusal, type TabTarget } from './tab-target';
import { describeTab } from './tab-view';
import { text, type ToolContext, type ToolHandlers } from './tool-handler';

type ReadingToolName = 'read_page' | 'snapshot' | 'find_text' | 'wait_for' | 'screenshot';

export function pageReadingTools(context: ToolContext): ToolHandlers<ReadingToolName> {
  const { control, tabs } = context;
  return {
    async read_page({ format, offset, maxChars }, { pin }) {
      return readWithAgent(context, pin, { type: 'read', format, offset, maxChars });
    },
    async snapshot({ offset, maxElements }, { pin }) {
      return readWithAgent(context, pin, { type: 'snapshot', offset, maxElements });
    },
    async find_text({ text: wanted, maxResults }, { pin }) {
      return readWithAgent(context, pin, { type: 'find', text: wanted, maxResults });
    },
    async wait_for({ selector, text: wanted, timeoutMs }, { pin }) {
      return readWithAgent(context, pin, {
        type: 'wait',
        ...(selector !== undefined && { selector }),
        ...(wanted !== undefined && { text: wanted }),
        timeoutMs,
      });
    },
    async screenshot(_input, { pin }) {
      const tab = await tabs.pageTab(pin);
      if (!tab.active) {
        return text(
          `Tab ${tab.id} is not the visible tab of its window; show it first with tab_activate.`,
          true,
        );
      }
      // The capture takes whatever the window shows: it must show this tab, on the pinned
      // origin, before and after.
      const shows = () => showsPinned(context, tab.id, pin);
      if (!(await shows())) throw new ToolRefusal(`Tab ${tab.id} is no longer the one shown.`);
      const dataUrl = await control.captureVisible(tab.windowId);
      if (!(await shows())) {
        throw new ToolRefusal(
          `Tab ${tab.id} stopped being the one shown while it was captured; try again.`,
        );
      }
      const [, mimeType = 'image/png', data = ''] =
        /^data:([^;]+);base64,(.*)$/.exec(dataUrl) ?? [];
      return {
        content: [
          { type: 'image', data, mimeType },
          { type: 'text', text: `Screenshot of ${describeTab(tab)}` },
        ],
      };
    },
  };
}

/** Whether the tab is the one its window shows, on a page tools act on, on the pinned origin. */
async function showsPinned({ control }: ToolContext, tabId: number, pin: TabTarget) {
  const now = await control.getTab(tabId);
  return (
    now?.active === true &&
    restrictionOf(now.url) === undefined &&
    pinBroken(pin, now) === undefined
  );
}
