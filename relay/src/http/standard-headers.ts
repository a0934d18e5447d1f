/**
 * SEP-2243's standard headers on a 2026-07-28 request: `MCP-Protocol-Version` and `Mcp-Method`
 * must be present, and `Mcp-Name` must name what the body names (a tool, a prompt, a resource).
 * The SDK's `createMcpHandler` checks this after classifying, with a function it does not export;
 * the relay, which forwards rather than serves, checks it here in the same terms (-32020, 400).
 */

/** Which param `Mcp-Name` repeats, per method (as the SDK's list). */
const NAME_SOURCE: Record<string, string> = {
  'tools/call': 'name',
  'prompts/get': 'name',
  'resources/read': 'uri',
  'tasks/get': 'taskId',
  'tasks/update': 'taskId',
  'tasks/cancel': 'taskId',
};
const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;

/** A header value, or the text inside its `=?base64?…?=` sentinel; undefined when malformed. */
function decoded(value: string): string | undefined {
  if (!(value.startsWith('=?base64?') && value.endsWith('?='))) return value;
  const text = value.slice('=?base64?'.length, -2);
  return BASE64.test(text) ? Buffer.from(text, 'base64').toString('utf8') : undefined;
}

/** Why the request's standard headers disagree with its body, or undefined. */
export function standardHeaderProblem(request: Request, body: unknown): string | undefined {
  const message = body as { id?: unknown; method?: unknown; params?: Record<string, unknown> };
  if (message.id === undefined || typeof message.method !== 'string') return undefined;
  const method = message.method;
  if (!request.headers.has('mcp-protocol-version')) {
    return 'the body carries a per-request envelope but the required MCP-Protocol-Version header is absent';
  }
  if (!request.headers.has('mcp-method')) {
    return `the body names method ${method} but the required Mcp-Method header is absent`;
  }
  const field = Object.hasOwn(NAME_SOURCE, method) ? NAME_SOURCE[method] : undefined;
  if (!field) return undefined;
  const value = message.params?.[field];
  const bodyValue = typeof value === 'string' ? value : undefined;
  const header = request.headers.get('mcp-name');
  if (header === null) {
    return bodyValue === undefined
      ? undefined
      : `the body carries params.${field}="${bodyValue}" but the required Mcp-Name header is absent`;
  }
  const named = decoded(header.trim());
  if (named === undefined) return 'the Mcp-Name header carries an invalid Base64 sentinel value';
  if (bodyValue !== undefined && named !== bodyValue) {
    return `the body carries params.${field}="${bodyValue}" but the Mcp-Name header names "${named}"`;
  }
  return undefined;
}
