/**
 * Which browser an HTTP request reaches: the user's only one, or the one named by the
 * `X-Patchbay-Extension` header or the `extension` query parameter. One that just left is
 * waited for during the grace period (browsers/browser-return.ts).
 */
import type { TokenClaims } from '../access/tokens.js';
import type { BrowserReturns } from '../browsers/browser-return.js';
import { pickExtension, type Directory } from '../browsers/directory.js';
import type { ExtensionPort } from '../browsers/extension-host.js';
import { RELAY_ERROR } from '../wire/jsonrpc.js';
import { rpcError } from './responses.js';

/** The browser a request means, or the response saying why there is none. */
export type BrowserFor = (
  request: Request,
  claims: TokenClaims,
) => Promise<ExtensionPort | Response>;

export function browserChooser(directory: Directory, returns?: BrowserReturns): BrowserFor {
  return async (request, claims) => {
    const named =
      request.headers.get('x-patchbay-extension') ??
      new URL(request.url).searchParams.get('extension') ??
      undefined;
    // Not there (or not the one named): while a browser the request means is due back, wait.
    const pick = async () => {
      const picked = await pickExtension(directory, claims.user, named);
      return 'error' in picked && picked.reason !== 'ambiguous' ? undefined : picked;
    };
    const outcome = { waited: false };
    const picked =
      (returns
        ? await returns.wait(claims.user, named, pick, request.signal, outcome)
        : await pick()) ?? (await pickExtension(directory, claims.user, named));
    if (!('error' in picked)) return picked;
    const status = picked.reason === 'none' ? 503 : picked.reason === 'ambiguous' ? 400 : 404;
    // Waited for a browser that left and did not come back: say so, not just "none".
    const gone = outcome.waited && picked.reason !== 'ambiguous' && !request.signal.aborted;
    return rpcError(status, RELAY_ERROR, gone && returns ? returns.notBack() : picked.error);
  };
}
