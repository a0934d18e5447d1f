/**
 * `npm run client-metadata`: writes the OAuth Client ID Metadata Document Patchbay publishes
 * (SEP-991) to store/client-metadata.json: `client_id` is the URL it will be served at
 * (WXT_CLIENT_METADATA_URL), the redirect URI is the one of the extension id the manifest's
 * `key` gives, and the logo is store/icon-128.png served beside it. Steps to publish it:
 * docs/oauth.md.
 */
import { writeFileSync } from 'node:fs';
import { format, resolveConfig } from 'prettier';
import { clientMetadataDocument } from '../src/oauth/client-metadata';
import { EXTENSION_PUBLIC_KEY } from '../wxt.config';
import { extensionIdFromKey, redirectUrlForExtension } from './extension-id';

/** Where the document is published unless WXT_CLIENT_METADATA_URL says otherwise. */
export const DEFAULT_CLIENT_METADATA_URL = 'https://patchbay.example/oauth/client-metadata.json';
export const CLIENT_METADATA_FILE = 'store/client-metadata.json';

/** The document for `url`, with the redirect URI of the extension id the manifest key gives. */
export function buildClientMetadata(url: string) {
  const parsed = new URL(url);
  if (parsed.protocol !== 'https:' || parsed.pathname === '/' || parsed.hash) {
    throw new Error(
      `WXT_CLIENT_METADATA_URL must be an https URL with a path and no fragment (SEP-991), not ${url}.`,
    );
  }
  return clientMetadataDocument(
    url,
    redirectUrlForExtension(extensionIdFromKey(EXTENSION_PUBLIC_KEY)),
  );
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const url = process.env.WXT_CLIENT_METADATA_URL || DEFAULT_CLIENT_METADATA_URL;
  writeFileSync(
    CLIENT_METADATA_FILE,
    await format(JSON.stringify(buildClientMetadata(url)), {
      ...(await resolveConfig(CLIENT_METADATA_FILE)),
      filepath: CLIENT_METADATA_FILE,
    }),
  );
  console.log(`Wrote ${CLIENT_METADATA_FILE} for ${url}`);
}
