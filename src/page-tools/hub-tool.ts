/**
 * A page tool as the hub offers it, and the list the hub offers: every allowed site's tools in
 * its connected tabs, named and described per tab (tool-namer.ts), and the tools a site keeps
 * (`cache: true`) that no open tab of it offers now.
 */
import type { DomainToolStorage } from './domain-tool-storage';
import type { PageTool } from './page-tool-messages';
import { cachedToolName, describePageTool, tabToolName } from './tool-namer';

/** A page tool as the hub offers it. */
export interface HubTool {
  /** Provider-safe and unique: `website_tool_{domain}_tab{n}_{tool}` or, cached, without tab. */
  name: string;
  description: string;
  /** The page's own description, without what Patchbay adds. */
  pageDescription: string;
  inputSchema: Record<string, unknown>;
  annotations?: PageTool['annotations'];
  domain: string;
  /** The tool's name in the page. */
  toolName: string;
  /** The tab it lives in; absent for a cached tool whose site is not open. */
  tabId?: number;
  tabIndex?: number;
}

/** The tools the hub offers now; `activeTab` is the tab the person looks at. */
export function listHubTools(
  registered: DomainToolStorage,
  isAllowed: (domain: string) => boolean,
  activeTab: number | undefined,
): HubTool[] {
  const listed: HubTool[] = [];
  const live = new Map<string, Set<string>>();
  for (const entry of registered.tabs.values()) {
    // A permission taken back (or allowed once, in an earlier session) lists nothing.
    if (!entry.connected || !isAllowed(entry.domain)) continue;
    const names = live.get(entry.domain) ?? new Set<string>();
    live.set(entry.domain, names);
    for (const tool of entry.tools) {
      names.add(tool.name);
      listed.push({
        name: tabToolName(entry.domain, entry.index, tool.name),
        pageDescription: tool.description,
        description: describePageTool(tool.description, {
          domain: entry.domain,
          tabIndex: entry.index,
          active: entry.tabId === activeTab,
        }),
        inputSchema: tool.inputSchema,
        ...(tool.annotations ? { annotations: tool.annotations } : {}),
        domain: entry.domain,
        toolName: tool.name,
        tabId: entry.tabId,
        tabIndex: entry.index,
      });
    }
  }
  // A cached tool whose site has no tab offering it: the site is opened to run it.
  for (const [domain, tools] of registered.cached) {
    if (!isAllowed(domain)) continue;
    for (const [toolName, kept] of tools) {
      if (live.get(domain)?.has(toolName)) continue;
      listed.push({
        name: cachedToolName(domain, toolName),
        description: describePageTool(kept.tool.description, { domain, url: kept.url }),
        pageDescription: kept.tool.description,
        inputSchema: kept.tool.inputSchema,
        ...(kept.tool.annotations ? { annotations: kept.tool.annotations } : {}),
        domain,
        toolName,
      });
    }
  }
  return listed;
}
