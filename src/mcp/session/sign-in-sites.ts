/**
 * The sites a sign-in reaches besides the server's own: its authorization servers', read from
 * the server's protected-resource metadata (RFC 9728, the SDK's discovery) as soon as it asks
 * for a sign-in. The panel's Sign in click then asks Chrome for them with the server's site, so
 * a first sign-in needs one click even where Chrome has not allowed the authorization server
 * yet (src/permissions/ask-for-sites.ts). A server without that metadata signs in at its own
 * site (the 2025-03-26 rule); a failure here costs nothing, as the sign-in finds out itself and
 * asks then (`needsAccess`).
 */
import { discoverOAuthProtectedResourceMetadata } from '@modelcontextprotocol/client';
import { sitePattern, sitePatterns } from '../../permissions/match-pattern';
import { headersOf } from '../catalog';
import { createServerFetch } from '../server-fetch';
import type { SessionState } from './session-state';

export async function learnSignInSites(session: SessionState): Promise<void> {
  const { config, context } = session;
  const resourceMetadataUrl = session.lastChallenge?.resourceMetadataUrl;
  try {
    const metadata = await discoverOAuthProtectedResourceMetadata(
      config.url,
      resourceMetadataUrl ? { resourceMetadataUrl } : {},
      // The server's own fetch: its custom headers go with a request to its site, as always.
      createServerFetch({
        serverUrl: new URL(config.url),
        headers: headersOf(config),
        ...(context.fetch ? { baseFetch: context.fetch } : {}),
      }),
    );
    const own = sitePattern(config.url);
    const sites = sitePatterns(metadata.authorization_servers ?? []).filter((site) => site !== own);
    if (String(sites) === String(session.signInSites ?? [])) return;
    session.signInSites = sites.length ? sites : undefined;
    session.setStatus(session.status, { announce: true });
  } catch {
    // No metadata, or not reachable now: the sign-in discovers the server itself.
  }
}
