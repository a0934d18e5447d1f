/**
 * Serves the front door on Node's HTTP server with the SDK's `toNodeHandler` (request bodies,
 * streaming, aborts). Fetch's `Headers` lower-cases names; the response is written with MCP's
 * casing (`Mcp-Session-Id`), which compliance checks expect on the wire.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { toNodeHandler, type NodeServerResponseLike } from '@modelcontextprotocol/node';
import { canonicalHeaderName } from './cors.js';
import type { FrontDoor } from './front-door.js';

export function nodeHandler(
  frontDoor: FrontDoor,
  options: { maxBodyBytes: number; onerror(error: Error): void },
): (request: IncomingMessage, response: ServerResponse) => Promise<void> {
  const handle = toNodeHandler(frontDoor, {
    maxRequestBodySize: options.maxBodyBytes,
    onerror: options.onerror,
  });
  return (request, response) => handle(request, titleCased(response));
}

function titleCased(response: ServerResponse): NodeServerResponseLike {
  return {
    writeHead(status, headers = {}) {
      const named: Record<string, string> = {};
      for (const [name, value] of Object.entries(headers)) named[canonicalHeaderName(name)] = value;
      return response.writeHead(status, named);
    },
    write: (chunk) => response.write(chunk),
    end: (chunk) => (chunk === undefined ? response.end() : response.end(chunk)),
    on: (event, listener) => response.on(event, listener),
    get destroyed() {
      return response.destroyed;
    },
  };
}
