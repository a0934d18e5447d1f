/** A page tool as the chat lists it: under the server id `page-tools`, with its site and tab. */
import type { ToolView } from '../messaging/contract';
import { PAGE_TOOLS_SERVER_ID } from '../messaging/page-tools-contract';
import type { HubTool } from './hub-tool';

/** A page tool as the chat lists tools; a site's `cache` hint stays with the hub. */
export function pageToolView(tool: HubTool): ToolView {
  const view: ToolView = {
    serverId: PAGE_TOOLS_SERVER_ID,
    name: tool.name,
    description: tool.description,
    inputSchema: tool.inputSchema,
    page: {
      site: tool.domain,
      tool: tool.toolName,
      ...(tool.tabIndex !== undefined ? { tabIndex: tool.tabIndex } : {}),
    },
  };
  if (tool.annotations) {
    const hints: Record<string, unknown> = { ...tool.annotations };
    delete hints.cache;
    if (Object.keys(hints).length) view.annotations = hints;
  }
  const title = tool.annotations?.title;
  if (title) view.title = title;
  return view;
}
