import type { OwnRequestOrigins } from '../platform/ports';
import type { FetchLike } from './fetch-like';

/**
 * `fetch` for servers that refuse Patchbay's `Origin`. Servers that check Origin, as the MCP
 * specification tells them to against DNS rebinding (with a 403), and Ollama by default, refuse
 * `chrome-extension://…`, which no admin lists; a request without one reads as a client outside
 * any browser, which they serve. So a 403 that is no OAuth refusal makes Patchbay's requests
 * to that host go without Origin, and the request is sent once more. Where that is refused as
 * well and no request without Origin was ever served there, Origin was not the reason: the
 * host gets it back, and is not asked twice again while the worker runs. Neither `fetch` nor
 * the SDK can leave Origin out; this is Patchbay's.
 */
export function retryWithoutOrigin(base: FetchLike, origins: OwnRequestOrigins): FetchLike {
  /** Hosts that served a request without Origin after refusing one with it, and that did not. */
  const served = new Set<string>();
  const refusedEither = new Set<string>();
  return async (url, init) => {
    const sentAt = performance.now();
    const response = await base(url, init);
    if (!refusesOrigin(response) || !canSendAgain(init)) return response;
    const host = new URL(url).hostname;
    if (refusedEither.has(host)) return response;
    const since = await origins.dropOrigin(host);
    // Sent without Origin already (the rule was there first): Origin is not what it refused.
    if (since === undefined || since < sentAt) return response;
    await response.body?.cancel().catch(() => undefined);
    const again = await base(url, init);
    if (again.status !== 403) served.add(host);
    else if (!served.has(host)) {
      refusedEither.add(host);
      await origins.restoreOrigin(host);
    }
    return again;
  };
}

/** A 403 without a Bearer challenge: not the OAuth refusal of a token (insufficient scope). */
function refusesOrigin(response: Response): boolean {
  return (
    response.status === 403 && !/^\s*bearer\b/i.test(response.headers.get('www-authenticate') ?? '')
  );
}

/** A request whose body can be sent twice, not cancelled since. */
function canSendAgain(init: RequestInit | undefined): boolean {
  if (init?.signal?.aborted) return false;
  return !(init?.body instanceof ReadableStream);
}
