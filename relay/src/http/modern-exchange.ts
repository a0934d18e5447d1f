/**
 * A 2026-07-28 request at `/mcp`: no session; each HTTP request is one exchange with the
 * extension, over a connection of its own (the extension serves it with a fresh server, as the
 * SDK's own HTTP entry does). The SDK classifies the request (its envelope, headers and body
 * must agree) and its `PerRequestHTTPServerTransport`, used as a forwarder, shapes the answer:
 * one JSON body, or an SSE stream when progress or logging comes before the result.
 */
import {
  classifyInboundRequest,
  PerRequestHTTPServerTransport,
  UnsupportedProtocolVersionError,
  type JSONRPCMessage,
} from '@modelcontextprotocol/server';
import { Connection, type Deliver } from '../clients/connection.js';
import type { ExtensionPort } from '../browsers/extension-host.js';
import type { Id, Message } from '../wire/jsonrpc.js';
import type { Logger } from '../monitoring/log.js';
import { whenExpired, type TokenClaims } from '../access/tokens.js';
import { invalidToken } from './bearer.js';
import { rpcError } from './responses.js';
import { standardHeaderProblem } from './standard-headers.js';

/**
 * The per-request revisions the relay forwards. (The SDK keeps its list internal; the relay
 * names the one revision the extension serves.)
 */
export const MODERN_VERSIONS = ['2026-07-28'];

/**
 * JSON-RPC errors only a server's validation produces before any handler runs, and the HTTP
 * status MCP gives them: the SDK's own table (internal to it, not exported), plus -32022, the
 * unsupported-version error the SDK answers 400 on its own path. Across the relay the SDK cannot
 * tell such an error from a handler's, so the relay maps them when they are the whole answer.
 */
const VALIDATION_STATUS: Record<number, number> = {
  [-32700]: 400,
  [-32600]: 400,
  [-32601]: 404,
  [-32020]: 400,
  [-32021]: 400,
  [-32022]: 400,
};

export async function forwardModern(
  request: Request,
  body: unknown,
  port: ExtensionPort,
  claims: TokenClaims,
  log: Logger,
): Promise<Response> {
  const accepted = acceptModern(request, body);
  if (accepted instanceof Response) return accepted;
  const transport = new PerRequestHTTPServerTransport({ classification: accepted.classification });
  const requestId = accepted.messageKind === 'request' ? accepted.message.id : undefined;
  // A validation error as the whole answer is sent with its status (see VALIDATION_STATUS).
  let refuse: (response: Response) => void = () => undefined;
  const refused = new Promise<Response>((resolve) => (refuse = resolve));
  const connection = new Connection(
    port,
    toClient(transport, requestId, refuse),
    () => void transport.close(),
    claims,
  );
  // A request's exchange outliving its token ends then: 401 if nothing was answered yet.
  const stopExpiry =
    requestId === undefined
      ? () => undefined
      : whenExpired(claims, () => {
          refuse(invalidToken('The token has expired.'));
          void transport.close();
        });
  transport.onmessage = (message) => connection.send(message as Message);
  transport.onclose = () => {
    stopExpiry();
    connection.close('The HTTP request ended.');
  };
  await transport.start();
  try {
    const response = await Promise.race([
      transport.handleMessage(accepted.message, { request }),
      refused,
    ]);
    // A notification is delivered and done.
    if (requestId === undefined) connection.close('Delivered.');
    return response;
  } catch (error) {
    // The client went away before the answer: nobody reads this response.
    log.debug('http.exchange_ended', { reason: String(error) });
    return new Response(null, { status: 499 });
  }
}

/** The SDK's verdict on a 2026-07-28 request the relay forwards. */
type Modern = Extract<ReturnType<typeof classifyInboundRequest>, { kind: 'modern' }>;

/**
 * The request as the SDK classified it, when it is a 2026-07-28 request the extension serves
 * and its headers agree with its body; otherwise the response refusing it.
 */
function acceptModern(request: Request, body: unknown): Modern | Response {
  const outcome = classifyInboundRequest({
    httpMethod: request.method,
    protocolVersionHeader: request.headers.get('mcp-protocol-version') ?? undefined,
    mcpMethodHeader: request.headers.get('mcp-method') ?? undefined,
    mcpNameHeader: request.headers.get('mcp-name') ?? undefined,
    body,
  });
  const echoedId = idOf(body);
  if (outcome.kind === 'reject') {
    return rpcError(outcome.httpStatus, outcome.code, outcome.message, {
      id: echoedId,
      data: 'data' in outcome ? outcome.data : undefined,
    });
  }
  if (outcome.kind !== 'modern') {
    return rpcError(400, -32600, 'Invalid Request: not a 2026-07-28 request.', { id: echoedId });
  }
  const revision = outcome.classification.revision;
  if (revision === undefined || !MODERN_VERSIONS.includes(revision)) {
    const error = new UnsupportedProtocolVersionError({
      supported: MODERN_VERSIONS,
      requested: revision ?? 'unknown',
    });
    return rpcError(400, error.code, error.message, { id: echoedId, data: error.data });
  }
  const headerProblem = standardHeaderProblem(request, body);
  if (headerProblem) {
    return rpcError(
      400,
      -32020,
      `Bad Request: the request headers and body disagree: ${headerProblem}`,
      {
        id: echoedId,
      },
    );
  }
  return outcome;
}

/**
 * Where the extension's messages on the exchange go: the SDK's transport, which shapes the
 * answer; but a validation error that is the whole answer is refused with its own status.
 */
function toClient(
  transport: PerRequestHTTPServerTransport,
  requestId: Id | undefined,
  refuse: (response: Response) => void,
): Deliver {
  let first = true;
  return (message, related) => {
    const status =
      first && message.id === requestId && message.method === undefined && message.error
        ? VALIDATION_STATUS[message.error.code]
        : undefined;
    first = false;
    if (status !== undefined) {
      refuse(Response.json(message, { status }));
      void transport.close();
      return;
    }
    // Everything on this connection belongs to its one request (listen streams included).
    void transport.send(message as JSONRPCMessage, { relatedRequestId: related ?? requestId });
  };
}

function idOf(body: unknown): Id | undefined {
  const id = (body as { id?: unknown } | null)?.id;
  return typeof id === 'string' || typeof id === 'number' ? id : undefined;
}
