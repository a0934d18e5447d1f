import { SdkError, SdkErrorCode, type Tool } from '@modelcontextprotocol/client';
import { ConnectionError } from '../errors/connection-error';
import type { Connection } from './connection';

/** Pages of tools/list followed before Patchbay assumes the server is looping. */
export const MAX_TOOL_PAGES = 100;

/**
 * Every tool of the server. The SDK walks the pages and keeps the list in its response cache,
 * honouring the server's `ttlMs` (2026-07-28), and its `callTool` reads that cache for output
 * validation and `Mcp-Param-*` header mirroring.
 */
export async function listAllTools(connection: Connection): Promise<Tool[]> {
  try {
    return (await connection.client.listTools()).tools;
  } catch (error) {
    if (SdkError.isInstance(error) && error.code === SdkErrorCode.ListPaginationExceeded) {
      throw new ConnectionError(
        'protocol',
        `tools/list returned more than ${MAX_TOOL_PAGES} pages`,
      );
    }
    throw error;
  }
}
