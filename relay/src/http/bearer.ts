/**
 * Bearer authentication for the HTTP endpoints, with the relay's tokens: a missing or invalid
 * token is answered 401 with JSON-RPC code -32001 and a `WWW-Authenticate` challenge.
 */
import { CONFLICT_OR_UNAUTHORIZED } from '../wire/jsonrpc.js';
import type { TokenClaims, Verifier } from '../access/tokens.js';
import { rpcError } from './responses.js';

const REALM = 'Bearer realm="patchbay-relay"';

export async function authenticate(
  request: Request,
  verifier: Verifier,
): Promise<TokenClaims | Response> {
  const header = request.headers.get('authorization');
  if (!header) {
    return rpcError(
      401,
      CONFLICT_OR_UNAUTHORIZED,
      'Unauthorized: send Authorization: Bearer <token>.',
      {
        headers: { 'WWW-Authenticate': REALM },
      },
    );
  }
  const match = /^Bearer +(\S+)$/i.exec(header);
  const reason = match ? undefined : 'the Authorization header is not "Bearer <token>"';
  try {
    if (reason) throw new Error(reason);
    // Every HTTP endpoint is a client's: a browser token is refused here.
    return await verifier.verify(match![1], 'client');
  } catch (error) {
    return invalidToken((error as Error).message);
  }
}

/** 401 for a token that was sent but does not hold (also one that expired during an exchange). */
export function invalidToken(message: string): Response {
  return rpcError(401, CONFLICT_OR_UNAUTHORIZED, `Unauthorized: ${message}`, {
    headers: {
      'WWW-Authenticate': `${REALM}, error="invalid_token", error_description="${message.replace(/["\\]/g, '')}"`,
    },
  });
}
