/**
 * Everything this browser offers an external client, as one list of tools: the browser's own
 * (bare names, such as `read_page`), the tools of the remote servers the person switched on,
 * and allowed sites' page tools (both named `{server id}__{tool}` as the chat names them, so
 * no server can take another's or a browser tool's name). Each knows where it comes from,
 * whether its hints call it read-only, and how to run it.
 */
import { providerName } from '../model-tools/tool-names';
import type { BrowserCallOptions, BrowserTools } from '../browser-tools/browser-tools';
import type { CallTarget } from '../browser-tools/tab-target';
import { browserToolList } from '../browser-tools/tool-definitions';
import type { CallToolResultView, ToolView } from '../messaging/contract';

export interface HubTool {
  name: string;
  title?: string;
  description: string;
  inputSchema: Record<string, unknown>;
  annotations?: Record<string, unknown>;
  /** Where it comes from, for people: "This browser", a server's name, or a site. */
  source: string;
  /** Its hints say it only reads (and neither destroys nor reaches the open world). */
  readOnly: boolean;
  /**
   * The tab a call would act on (a browser tool's), resolved when the call is decided: shown on
   * the approval card, and passed back to `run` as `options.target`.
   */
  target?(args: Record<string, unknown>): Promise<CallTarget | undefined>;
  run(
    args: Record<string, unknown>,
    signal: AbortSignal,
    options: BrowserCallOptions,
  ): Promise<CallToolResultView>;
}

export interface HubSources {
  browser: BrowserTools;
  /** The remote servers' tools the chat may use (enabled, connected, not switched off). */
  remoteTools(): Promise<ToolView[]>;
  serverNames(): Promise<Map<string, string>>;
  callRemote(
    serverId: string,
    name: string,
    args: Record<string, unknown>,
    signal: AbortSignal,
  ): Promise<CallToolResultView>;
  /** Allowed sites' tools. */
  pageTools(): Promise<ToolView[]>;
  callPage(name: string, args: Record<string, unknown>): Promise<CallToolResultView>;
}

/** Where the browser's own tools come from, for people. */
export const BROWSER_SOURCE = 'This browser';

export function isReadOnly(annotations: Record<string, unknown> | undefined): boolean {
  return (
    annotations?.readOnlyHint === true &&
    annotations.destructiveHint !== true &&
    annotations.openWorldHint !== true
  );
}

/** The browser's own tools as hub tools. */
export function browserHubTools(browser: BrowserTools): HubTool[] {
  return browserToolList().map((tool) => ({
    ...tool,
    annotations: { ...tool.annotations },
    source: BROWSER_SOURCE,
    readOnly: isReadOnly({ ...tool.annotations }),
    target: (args) => browser.target(tool.name, args),
    run: (args, signal, options) => browser.call(tool.name, args, { ...options, signal }),
  }));
}

export async function hubTools(sources: HubSources): Promise<HubTool[]> {
  const [remote, pages, names] = await Promise.all([
    sources.remoteTools().catch(() => []),
    sources.pageTools().catch(() => []),
    sources.serverNames().catch(() => new Map<string, string>()),
  ]);
  const fromServer = (tool: ToolView, source: string, run: HubTool['run']): HubTool => ({
    name: providerName({ serverId: tool.serverId, name: tool.name }),
    ...(tool.title !== undefined && { title: tool.title }),
    description: tool.description,
    inputSchema: tool.inputSchema as Record<string, unknown>,
    ...(tool.annotations !== undefined && { annotations: tool.annotations }),
    source,
    readOnly: isReadOnly({ ...tool.annotations }),
    run,
  });
  return [
    ...browserHubTools(sources.browser),
    ...remote.map((tool) =>
      fromServer(tool, names.get(tool.serverId) ?? tool.serverId, (args, signal) =>
        sources.callRemote(tool.serverId, tool.name, args, signal),
      ),
    ),
    ...pages.map((tool) =>
      fromServer(tool, tool.page?.site ?? 'A website', (args) => sources.callPage(tool.name, args)),
    ),
  ];
}
