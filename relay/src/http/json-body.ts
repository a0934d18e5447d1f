import { isJsonContentType, readRequestBody } from '@modelcontextprotocol/server';
import { PARSE_ERROR, RELAY_ERROR } from '../wire/jsonrpc.js';
import { rpcError } from './responses.js';

/** A POST's JSON body (at most `maxBodyBytes`), or the response refusing it. */
export async function jsonBodyOf(
  request: Request,
  maxBodyBytes: number,
): Promise<{ body: unknown } | Response> {
  if (!isJsonContentType(request.headers.get('content-type'))) {
    return rpcError(
      415,
      RELAY_ERROR,
      'Unsupported Media Type: Content-Type must be application/json.',
    );
  }
  const read = await readRequestBody(request, maxBodyBytes);
  if (read.tooLarge) {
    return rpcError(413, RELAY_ERROR, `Payload Too Large: at most ${maxBodyBytes} bytes.`);
  }
  try {
    return { body: JSON.parse(read.text) };
  } catch {
    return rpcError(400, PARSE_ERROR, 'Parse error: the body is not JSON.');
  }
}
