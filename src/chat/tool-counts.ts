/** How many tools the chat can use, and from how many sources (servers, this browser, sites). */
export interface ToolCounts {
  tools: number;
  servers: number;
}

/** Counts the tools a request would offer, and the distinct servers they come from. */
export function toolCounts(tools: readonly { serverId: string }[]): ToolCounts {
  return { tools: tools.length, servers: new Set(tools.map((tool) => tool.serverId)).size };
}

/** "12 tools · 3 servers", "1 tool · 1 server", "No tools". */
export function describeToolCounts({ tools, servers }: ToolCounts): string {
  if (tools === 0) return 'No tools';
  return `${tools === 1 ? '1 tool' : `${tools} tools`} · ${servers === 1 ? '1 server' : `${servers} servers`}`;
}

/** How many of the tools come from each server. */
export function toolsByServer(tools: readonly { serverId: string }[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const tool of tools) counts.set(tool.serverId, (counts.get(tool.serverId) ?? 0) + 1);
  return counts;
}
