import type { OAuthClientMetadata } from '@modelcontextprotocol/client';
import { isLoopbackRedirect } from './loopback-redirect';

/** The extension's fixed id (pinned by the manifest key) and its chrome.identity redirect URL. */
export const EXTENSION_ID = 'ochopgbekfckekcfildinaeciimoahkb';
export const EXTENSION_REDIRECT_URL = `https://${EXTENSION_ID}.chromiumapp.org/`;

/**
 * What Patchbay tells authorization servers about itself, in dynamic registration (RFC 7591)
 * and in its Client ID Metadata Document.
 *
 * - A public client (`token_endpoint_auth_method: "none"`): an extension cannot keep a secret.
 * - `application_type: "web"` (SEP-837): the redirect is the browser's https page for the
 *   extension, not a loopback or custom-scheme URI of a native app; `"native"` with the loopback
 *   redirect, for authorization servers that accept only that one (loopback-redirect.ts).
 */
export function patchbayClientMetadata(options: {
  redirectUrl: string;
  scopes?: readonly string[];
}): OAuthClientMetadata {
  return {
    client_name: 'Patchbay',
    redirect_uris: [options.redirectUrl],
    grant_types: ['authorization_code', 'refresh_token'],
    response_types: ['code'],
    token_endpoint_auth_method: 'none',
    application_type: isLoopbackRedirect(options.redirectUrl) ? 'native' : 'web',
    ...(options.scopes?.length ? { scope: options.scopes.join(' ') } : {}),
  };
}

/** The file name of Patchbay's logo, published beside the Client ID Metadata Document. */
export const CLIENT_METADATA_LOGO = 'icon-128.png';

/**
 * The Client ID Metadata Document published at `url` (SEP-991): the client metadata with the
 * URL itself as `client_id`, the redirect URL of the extension's id, and the logo published
 * beside it. `npm run client-metadata` writes it to store/client-metadata.json, and the build
 * to `oauth/client-metadata.json` when WXT_CLIENT_METADATA_URL is set (docs/oauth.md).
 */
export function clientMetadataDocument(
  url: string,
  redirectUrl: string = EXTENSION_REDIRECT_URL,
): OAuthClientMetadata & { client_id: string } {
  return {
    client_id: url,
    ...patchbayClientMetadata({ redirectUrl }),
    logo_uri: new URL(CLIENT_METADATA_LOGO, url).href,
  };
}
