/**
 * The browser's own tools in the side panel's chat ("Use this browser", off by default): listed
 * with the servers' tools under the server id {@link BROWSER_SERVER_ID} and run under the chat's
 * approval rules, like any server's.
 */
import type { BrowserTools } from '../browser-tools/browser-tools';
import { browserToolList } from '../browser-tools/tool-definitions';
import { PatchbayError } from '../errors/patchbay-error';
import { BROWSER_SERVER_ID } from '../messaging/browser-access-contract';
import type { CallToolResultView, ToolView } from '../messaging/contract';

export function createChatBrowserTools(browser: BrowserTools, inChat: () => Promise<boolean>) {
  return {
    async chatTools(): Promise<ToolView[]> {
      if (!(await inChat())) return [];
      return browserToolList().map((tool) => ({
        serverId: BROWSER_SERVER_ID,
        name: tool.name,
        title: tool.title,
        description: tool.description,
        inputSchema: tool.inputSchema,
        annotations: { ...tool.annotations },
      }));
    },
    async callFromChat(name: string, args: Record<string, unknown>): Promise<CallToolResultView> {
      if (!(await inChat())) {
        throw new PatchbayError(
          'not-enabled',
          'Switch on “Use this browser” to let the chat use it.',
        );
      }
      return browser.call(name, args);
    },
    /** Where a chat call would act, for its approval; nothing while the chat may not look. */
    async chatTabUrl(tabId: number | undefined): Promise<string | undefined> {
      if (!(await inChat())) return undefined;
      return browser.tabUrl(tabId);
    },
  };
}
