/**
 * `GET /tools`: the tools the user's browser offers, asked for with one 2026-07-28 `tools/list`
 * exchange per page (a convenience for people and scripts; MCP clients use `/mcp`).
 */
import {
  CLIENT_CAPABILITIES_META_KEY,
  CLIENT_INFO_META_KEY,
  PROTOCOL_VERSION_META_KEY,
} from '@modelcontextprotocol/server';
import { Connection } from '../clients/connection.js';
import type { ExtensionPort } from '../browsers/extension-host.js';
import type { Message } from '../wire/jsonrpc.js';
import type { TokenClaims } from '../access/tokens.js';
import { VERSION } from '../version.js';
import { MODERN_VERSIONS } from './modern-exchange.js';

const MAX_PAGES = 20;

export class ListingError extends Error {
  override name = 'ListingError';
}

export async function listTools(
  port: ExtensionPort,
  claims: TokenClaims,
  timeoutMs = 30_000,
): Promise<unknown[]> {
  const tools: unknown[] = [];
  let cursor: string | undefined;
  for (let page = 0; page < MAX_PAGES; page += 1) {
    const answer = await ask(
      port,
      claims,
      {
        jsonrpc: '2.0',
        id: 1,
        method: 'tools/list',
        params: {
          ...(cursor !== undefined && { cursor }),
          _meta: {
            [PROTOCOL_VERSION_META_KEY]: MODERN_VERSIONS[0],
            [CLIENT_INFO_META_KEY]: { name: 'patchbay-relay', version: VERSION },
            [CLIENT_CAPABILITIES_META_KEY]: {},
          },
        },
      },
      timeoutMs,
    );
    if (answer.error)
      throw new ListingError(`The browser refused tools/list: ${answer.error.message}`);
    const result = (answer.result ?? {}) as { tools?: unknown; nextCursor?: unknown };
    if (Array.isArray(result.tools)) tools.push(...result.tools);
    if (typeof result.nextCursor !== 'string' || result.nextCursor === '') return tools;
    cursor = result.nextCursor;
  }
  return tools;
}

/** One request to the extension on a connection of its own; its answer. */
function ask(
  port: ExtensionPort,
  claims: TokenClaims,
  request: Message,
  timeoutMs: number,
): Promise<Message> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      connection.close('No answer in time.');
      reject(
        new ListingError(`The browser did not answer tools/list within ${timeoutMs / 1000} s.`),
      );
    }, timeoutMs);
    const connection = new Connection(
      port,
      (message) => {
        if (message.method !== undefined || message.id !== request.id) return;
        clearTimeout(timer);
        connection.close('Answered.');
        resolve(message);
      },
      (reason) => {
        clearTimeout(timer);
        reject(new ListingError(`The browser disconnected: ${reason}`));
      },
      claims,
    );
    connection.send(request);
  });
}
