import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { EXTENSION_ID as START_SCRIPT_EXTENSION_ID } from '../../../scripts/chromium';
import { buildClientMetadata, CLIENT_METADATA_FILE } from '../../../scripts/client-metadata';
import { extensionIdFromKey, redirectUrlForExtension } from '../../../scripts/extension-id';
import { EXTENSION_ID } from '../../../src/oauth/client-metadata';
import { ExtensionOAuthProvider } from '../../../src/oauth/provider';
import { createMemoryStore } from '../../../src/platform/memory';
import { EXTENSION_PUBLIC_KEY } from '../../../wxt.config';

const published = JSON.parse(readFileSync(CLIENT_METADATA_FILE, 'utf8')) as ReturnType<
  typeof buildClientMetadata
>;

describe('the Client ID Metadata Document (store/client-metadata.json)', () => {
  it('takes the extension id from the manifest key, as Chrome does', () => {
    expect(extensionIdFromKey(EXTENSION_PUBLIC_KEY)).toBe(EXTENSION_ID);
    expect(START_SCRIPT_EXTENSION_ID).toBe(EXTENSION_ID);
    // Another key, another id: the id is computed, not a constant.
    expect(extensionIdFromKey(Buffer.from('another key').toString('base64'))).toMatch(
      /^(?!ochopgbekfckekcfildinaeciimoahkb)[a-p]{32}$/,
    );
  });

  it('is what npm run client-metadata writes for its URL (regenerate it after changing the client)', () => {
    expect(published).toEqual(buildClientMetadata(published.client_id));
    expect(published.redirect_uris).toEqual([redirectUrlForExtension(EXTENSION_ID)]);
    expect(published.logo_uri).toBe(new URL('icon-128.png', published.client_id).href);
  });

  it('describes the client the OAuth code signs in as: its client id URL, redirect URI and metadata', () => {
    // As entrypoints/background.ts builds it: the redirect from chrome.identity (the extension
    // id's chromiumapp.org page) and the URL the build was given.
    const provider = new ExtensionOAuthProvider({
      serverId: 'notes',
      store: createMemoryStore(),
      redirectUrl: redirectUrlForExtension(EXTENSION_ID),
      clientMetadataUrl: published.client_id,
      onTokens: () => undefined,
    });
    expect(provider.clientMetadataUrl).toBe(published.client_id);
    expect(published.redirect_uris).toContain(provider.redirectUrl);
    expect({
      ...provider.clientMetadata,
      client_id: published.client_id,
      logo_uri: published.logo_uri,
    }).toEqual(published);
  });

  it.each([
    'http://patchbay.example/oauth/client-metadata.json',
    'https://patchbay.example/',
    'https://patchbay.example/client.json#metadata',
  ])('refuses %s as the document URL, saying what SEP-991 asks for', (url) => {
    expect(() => buildClientMetadata(url)).toThrow(
      `WXT_CLIENT_METADATA_URL must be an https URL with a path and no fragment (SEP-991), not ${url}.`,
    );
  });
});
