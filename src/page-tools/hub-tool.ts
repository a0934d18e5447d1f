import type { PageTool } from './page-tool-messages';

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
