import type { Tool } from '@modelcontextprotocol/sdk/types.js';
import { ConnectionError } from '../errors/connection-error';
import type { Connection } from './connection';

/** Pages of tools/list followed before Patchbay assumes the server is looping. */
const MAX_TOOL_PAGES = 100;

/** Every tool of the server, following `nextCursor` pages. */
export async function listAllTools(connection: Connection): Promise<Tool[]> {
  const tools: Tool[] = [];
  let cursor: string | undefined;
  for (let page = 0; page < MAX_TOOL_PAGES; page += 1) {
    const result = await connection.client.listTools(cursor ? { cursor } : undefined);
    tools.push(...result.tools);
    cursor = result.nextCursor;
    if (!cursor) return tools;
  }
  throw new ConnectionError('protocol', `tools/list returned more than ${MAX_TOOL_PAGES} pages`);
}
