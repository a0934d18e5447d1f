import type {
  OAuthClientInformationMixed,
  OAuthDiscoveryState,
} from '@modelcontextprotocol/client';
import type { FetchLike } from '../net/fetch-like';
import type { StoredTokens } from './provider';

/**
 * RFC 7009 token revocation. The SDK (1.x, and v2 as of 2.4) has no client for it, so Patchbay
 * has this small one.
 * Best effort: the tokens are forgotten locally whatever the server answers.
 */
export async function revokeTokens(options: {
  discovery: OAuthDiscoveryState | undefined;
  client: OAuthClientInformationMixed | undefined;
  tokens: StoredTokens;
  fetch: FetchLike;
}): Promise<boolean> {
  // OpenID metadata documents revocation too, but the SDK types it only on RFC 8414 metadata.
  const metadata = options.discovery?.authorizationServerMetadata as
    | {
        revocation_endpoint?: string;
        revocation_endpoint_auth_methods_supported?: string[];
        token_endpoint_auth_methods_supported?: string[];
      }
    | undefined;
  const endpoint = metadata?.revocation_endpoint;
  if (!metadata || !endpoint || !options.client) return false;
  const methods =
    metadata.revocation_endpoint_auth_methods_supported ??
    metadata.token_endpoint_auth_methods_supported;
  const { client_id: clientId, client_secret: clientSecret } = options.client;
  const useBasic = Boolean(clientSecret) && (!methods || methods.includes('client_secret_basic'));
  const revoke = async (token: string, hint: 'refresh_token' | 'access_token') => {
    const body = new URLSearchParams({ token, token_type_hint: hint });
    const headers: Record<string, string> = { 'content-type': 'application/x-www-form-urlencoded' };
    if (useBasic) {
      headers.authorization = `Basic ${btoa(`${encodeURIComponent(clientId)}:${encodeURIComponent(clientSecret ?? '')}`)}`;
    } else {
      body.set('client_id', clientId);
      if (clientSecret) body.set('client_secret', clientSecret);
    }
    const response = await options.fetch(endpoint, { method: 'POST', headers, body });
    return response.ok;
  };
  const results = await Promise.allSettled([
    ...(options.tokens.refresh_token
      ? [revoke(options.tokens.refresh_token, 'refresh_token')]
      : []),
    revoke(options.tokens.access_token, 'access_token'),
  ]);
  return results.every((result) => result.status === 'fulfilled' && result.value);
}

/** When to refresh: a minute before expiry, or at 80% of a short lifetime. */
export function refreshTime(tokens: StoredTokens, now: number): number | undefined {
  if (tokens.expires_at === undefined || !tokens.refresh_token) return undefined;
  const lifetime = Math.max(0, tokens.expires_at - now);
  const buffer = Math.min(60_000, lifetime * 0.2);
  return tokens.expires_at - buffer;
}
