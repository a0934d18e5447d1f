/** JSON and JSON-RPC error responses of the relay's HTTP endpoints. */
import { errorOf, type Id } from '../wire/jsonrpc.js';

export function json(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return Response.json(body, { status, headers });
}

/** A JSON-RPC error as an HTTP response (`id` null unless the request's id is known). */
export function rpcError(
  status: number,
  code: number,
  message: string,
  options: { id?: Id | null; data?: unknown; headers?: Record<string, string> } = {},
): Response {
  const body = errorOf(options.id, code, message);
  if (options.data !== undefined) body.error = { ...body.error!, data: options.data };
  return json(body, status, options.headers);
}
