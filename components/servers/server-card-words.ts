import type { ServerView, ToolView } from '../../src/messaging/contract';

const tools = (count: number) => `${count} ${count === 1 ? 'tool' : 'tools'}`;

/**
 * How many of a connected server's tools the chat may use, in words that cannot be read as
 * more tools than it has: "7 tools on", "6 of 7 tools on", "Tools off (7 available)". Nothing
 * for a server that is off or not connected.
 */
export function toolCountWords(
  server: ServerView,
  list: { tools: ToolView[]; disabled: string[] } | undefined,
): string | undefined {
  if (!server.isEnabled || server.status.state !== 'connected') return undefined;
  // Until its list has loaded: the count the worker keeps.
  if (!list) return server.toolCount ? tools(server.toolCount) : undefined;
  const total = list.tools.length;
  if (total === 0) return 'No tools';
  const off = new Set(list.disabled);
  const on = list.tools.filter((tool) => !off.has(tool.name)).length;
  if (on === total) return `${tools(total)} on`;
  if (on === 0) return `Tools off (${total} available)`;
  return `${on} of ${tools(total)} on`;
}
