/**
 * What the SDK's discovery (`auth()` in `@modelcontextprotocol/client`) would stop at, though a
 * client can read past it safely. Each is a fetch-level repair of one answer, applied to the
 * authorization fetch only (oauth-fetch.ts):
 * - a metadata location answered with an HTML page (a single-page app's catch-all, a login
 *   page a redirect led to) is "not here", as a 404 is: the SDK then tries the next location,
 *   where it would otherwise fail on the first HTML page;
 * - a root issuer named without its trailing slash in protected resource metadata
 *   (`"http://h:P"`) is compared as `"http://h:P/"`: the SDK compares the metadata's `issuer`
 *   to that name as a string and accepts a missing slash only one way round. RFC 8414 §3.3
 *   wants the two identical; on an empty path they name the same URL (RFC 3986 §6.2.3), and
 *   nowhere else are they treated as equal. The authorization response's `iss` (RFC 9207) is
 *   still compared exactly, as the conformance suite requires.
 */

/** A metadata document is this small; a larger answer is left as it is. */
const MAX_METADATA_BYTES = 256 * 1024;

export async function repairDiscoveryAnswer(url: URL, response: Response): Promise<Response> {
  if (!url.pathname.includes('/.well-known/') || !response.ok) return response;
  const type = (response.headers.get('content-type') ?? '').toLowerCase();
  if (type.includes('text/html') || type.includes('application/xhtml')) {
    await response.body?.cancel();
    return notHere(response);
  }
  if (!url.pathname.includes('oauth-protected-resource') || !type.includes('json')) return response;
  return withRootIssuersSlashed(response);
}

function notHere(response: Response): Response {
  return new Response(null, {
    status: 404,
    statusText: `Not here: ${response.url || 'the metadata location'} answered with an HTML page`,
  });
}

async function withRootIssuersSlashed(response: Response): Promise<Response> {
  const length = Number(response.headers.get('content-length') ?? Number.NaN);
  if (length > MAX_METADATA_BYTES) return response;
  const text = await response.text();
  let document: unknown;
  try {
    document = JSON.parse(text);
  } catch {
    document = undefined;
  }
  const servers = (document as { authorization_servers?: unknown } | undefined)
    ?.authorization_servers;
  const body =
    Array.isArray(servers) && servers.some(isBareRootIssuer)
      ? JSON.stringify({
          ...(document as object),
          authorization_servers: servers.map((entry) =>
            isBareRootIssuer(entry) ? `${entry}/` : entry,
          ),
        })
      : text;
  return new Response(body, {
    status: response.status,
    statusText: response.statusText,
    headers: withoutLength(response.headers),
  });
}

/** `https://as.example` (no path at all), which names the same URL as `https://as.example/`. */
function isBareRootIssuer(entry: unknown): entry is string {
  if (typeof entry !== 'string' || !/^https?:\/\/[^/?#]+$/i.test(entry)) return false;
  return URL.canParse(entry);
}

function withoutLength(headers: Headers): Headers {
  const copy = new Headers(headers);
  copy.delete('content-length');
  copy.delete('content-encoding');
  return copy;
}
