/**
 * A page's MCP server's tools over the channel (mcp-b-channel.ts): `tools/list`, following
 * `nextCursor` for a few pages at most (the hub takes 128 tools a tab). The entries come as the
 * page gave them; the caller checks them.
 */
import type { ChannelClient } from './mcp-b-channel';

/** Pages of tools followed at most. */
const MAX_PAGES = 8;

export async function listToolPages(channel: ChannelClient, timeoutMs: number): Promise<unknown[]> {
  const tools: unknown[] = [];
  let cursor: unknown;
  for (let page = 0; page < MAX_PAGES; page += 1) {
    const result = await channel.request(
      'tools/list',
      typeof cursor === 'string' ? { cursor } : {},
      timeoutMs,
    );
    if (Array.isArray(result.tools)) tools.push(...(result.tools as unknown[]));
    cursor = result.nextCursor;
    if (typeof cursor !== 'string') break;
  }
  return tools;
}
