/**
 * CORS for the relay's HTTP endpoints, and the casing of MCP's headers on the wire. Browsers'
 * web clients may call the relay only from origins it allows (the origin check runs first), so
 * the allowed origin is echoed; MCP's headers are allowed in and exposed out.
 */
const ALLOW_HEADERS = [
  'Content-Type',
  'Accept',
  'Authorization',
  'Mcp-Session-Id',
  'MCP-Protocol-Version',
  'Mcp-Method',
  'Mcp-Name',
  'Last-Event-ID',
  'X-Patchbay-Extension',
];
const EXPOSE_HEADERS = [
  'Mcp-Session-Id',
  'MCP-Protocol-Version',
  'WWW-Authenticate',
  'X-Session-Id',
  'Retry-After',
];

export function corsHeaders(request: Request): Record<string, string> {
  return {
    'Access-Control-Allow-Origin': request.headers.get('origin') ?? '*',
    'Access-Control-Allow-Methods': 'GET, POST, DELETE, OPTIONS',
    'Access-Control-Allow-Headers': ALLOW_HEADERS.join(', '),
    'Access-Control-Expose-Headers': EXPOSE_HEADERS.join(', '),
    'Access-Control-Max-Age': '86400',
    Vary: 'Origin',
  };
}

/** The answer to a preflight: nothing but the CORS headers. */
export function preflight(request: Request): Response {
  return new Response(null, { status: 204, headers: corsHeaders(request) });
}

/** The same response with the CORS headers added. */
export function withCors(response: Response, request: Request): Response {
  const headers = new Headers(response.headers);
  for (const [name, value] of Object.entries(corsHeaders(request))) headers.set(name, value);
  return new Response(response.body, {
    status: response.status,
    statusText: response.statusText,
    headers,
  });
}

/** Header names as MCP writes them (Fetch's `Headers` keeps them lower-case). */
const CANONICAL = new Map(
  [...ALLOW_HEADERS, ...EXPOSE_HEADERS, 'Allow', 'Cache-Control', 'Connection', 'Vary'].map(
    (name) => [name.toLowerCase(), name],
  ),
);

export function canonicalHeaderName(name: string): string {
  return (
    CANONICAL.get(name) ??
    name.replace(
      /(^|-)([a-z])/g,
      (_whole, dash: string, letter: string) => dash + letter.toUpperCase(),
    )
  );
}
