/**
 * The everything server over HTTP on loopback, without the relay: the baseline the relay is
 * measured against. 2026-07-28 requests go to the SDK's `createMcpHandler`; 2025-era traffic
 * (`isLegacyRequest`) to Streamable HTTP sessions, as the SDK documents for a server that keeps
 * 2025 sessions next to it. (The handler's own legacy leg is stateless: with it a 2025 client's
 * answers to sampling and elicitation reach no server, and the session scenarios have nothing
 * to test, so those scenarios could not be compared with the relay, which keeps sessions.)
 * Requests whose Host, or Origin when there is one, is not loopback get 403 (DNS-rebinding
 * protection, the SDK's).
 */
import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  localhostHostValidation,
  localhostOriginValidation,
  toNodeHandler,
} from '@modelcontextprotocol/node';
import {
  createMcpHandler,
  isLegacyRequest,
  WebStandardStreamableHTTPServerTransport,
} from '@modelcontextprotocol/server';
import { createEverythingServer } from './everything-server.js';

export interface DirectServer {
  url: string;
  close(): Promise<void>;
}

export async function serveDirectly(): Promise<DirectServer> {
  const modern = createMcpHandler(
    () =>
      createEverythingServer({
        announce: (change) =>
          change === 'tools' ? modern.notify.toolsChanged() : modern.notify.promptsChanged(),
      }),
    { legacy: 'reject' },
  );
  const sessions = new Map<string, WebStandardStreamableHTTPServerTransport>();

  async function legacy(request: Request): Promise<Response> {
    const id = request.headers.get('mcp-session-id');
    if (id !== null) {
      const session = sessions.get(id);
      if (session) return session.handleRequest(request);
      return Response.json(
        { jsonrpc: '2.0', id: null, error: { code: -32001, message: 'Session not found' } },
        { status: 404 },
      );
    }
    // No session yet: the transport accepts an initialize and refuses anything else.
    const transport = new WebStandardStreamableHTTPServerTransport({
      sessionIdGenerator: () => randomUUID(),
      onsessioninitialized: (opened) => void sessions.set(opened, transport),
      onsessionclosed: (closed) => void sessions.delete(closed),
    });
    const server = createEverythingServer();
    await server.connect(transport);
    const response = await transport.handleRequest(request);
    if (transport.sessionId === undefined) await server.close();
    return response;
  }

  const serve = toNodeHandler({
    fetch: async (request) =>
      (await isLegacyRequest(request)) ? legacy(request) : modern.fetch(request),
  });
  const localHost = localhostHostValidation();
  const localOrigin = localhostOriginValidation();
  const http = createServer((request, response) => {
    if (!localHost(request, response) || !localOrigin(request, response)) return; // answered 403
    if (new URL(request.url ?? '/', 'http://localhost').pathname !== '/mcp') {
      response.writeHead(404).end();
      return;
    }
    void serve(request, response);
  });
  await new Promise<void>((done) => http.listen(0, '127.0.0.1', done));
  const { port } = http.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/mcp`,
    async close() {
      await modern.close();
      for (const transport of sessions.values()) await transport.close();
      http.closeAllConnections();
      await new Promise<void>((done) => http.close(() => done()));
    },
  };
}
