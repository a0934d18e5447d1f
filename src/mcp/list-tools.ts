import { SdkError, SdkErrorCode, type Client, type Tool } from '@modelcontextprotocol/client';
import { ConnectionError } from '../errors/connection-error';

/** Pages of tools/list followed before Patchbay assumes the server is looping. */
export const MAX_TOOL_PAGES = 100;

/** A server's tool list and until when it may be used without asking again. */
export interface ToolList {
  tools: Tool[];
  /** Milliseconds since the epoch; `Infinity` while change notifications keep it current. */
  freshUntil: number;
}

/**
 * Every tool of the server. The SDK walks the pages and keeps the list in its response cache
 * (its `callTool` reads it for output validation and `Mcp-Param-*` header mirroring).
 *
 * Freshness (SEP-2549 caching, 2026-07-28): a positive `ttlMs` keeps the list for that long. A
 * server that notifies list changes (`subscriptions/listen`) keeps it current between those.
 * Otherwise a 2026 list is stale at once, as the spec says for `ttlMs` 0 or absent, and is
 * asked for again at its next use. 2025-era results carry no hints: those lists are kept until
 * `notifications/tools/list_changed` or the next connection, as before.
 */
export async function listAllTools(
  // A connection's client (connection.ts sets its page limit from MAX_TOOL_PAGES).
  connection: { client: Pick<Client, 'listTools' | 'getServerCapabilities' | 'getProtocolEra'> },
  now = Date.now(),
): Promise<ToolList> {
  try {
    const result = await connection.client.listTools();
    const ttlMs = (result as { ttlMs?: unknown }).ttlMs;
    const notifies = connection.client.getServerCapabilities()?.tools?.listChanged === true;
    const hinted = connection.client.getProtocolEra() === 'modern';
    const freshUntil =
      typeof ttlMs === 'number' && ttlMs > 0 ? now + ttlMs : notifies || !hinted ? Infinity : now;
    return { tools: result.tools, freshUntil };
  } catch (error) {
    if (SdkError.isInstance(error) && error.code === SdkErrorCode.ListPaginationExceeded) {
      throw new ConnectionError('runaway', `sent more than ${MAX_TOOL_PAGES} pages of tools`);
    }
    throw error;
  }
}
