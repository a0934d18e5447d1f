/**
 * Page tools as the side panel shows them: as the chat lists tools (under the server id
 * `page-tools`, with its site and tab), and by site, as the list of allowed sites shows them.
 */
import type { ToolView } from '../messaging/contract';
import { PAGE_TOOLS_SERVER_ID, type BrowserSiteView } from '../messaging/page-tools-contract';
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

/**
 * The hub's tools by site, sorted, each tool once with the tabs that offer it (and whether the
 * site keeps it), with the site's tools the person switched off.
 */
export function sitesWithTools(
  tools: HubTool[],
  switchedOff: (domain: string) => string[],
): BrowserSiteView[] {
  const bySite = new Map<string, Map<string, BrowserSiteView['tools'][number]>>();
  for (const tool of tools) {
    const listed = bySite.get(tool.domain) ?? new Map();
    bySite.set(tool.domain, listed);
    const seen = listed.get(tool.toolName) ?? {
      name: tool.toolName,
      description: tool.pageDescription,
      ...(tool.annotations ? { annotations: { ...tool.annotations } } : {}),
      tabs: [],
      kept: tool.tabIndex === undefined,
    };
    if (tool.tabIndex !== undefined) seen.tabs.push(tool.tabIndex);
    listed.set(tool.toolName, seen);
  }
  return [...bySite]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([domain, listed]) => ({
      domain,
      tools: [...listed.values()].map((tool) => ({
        ...tool,
        tabs: tool.tabs.sort((a, b) => a - b),
      })),
      disabled: switchedOff(domain),
    }));
}
