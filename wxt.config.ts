import { readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { defineConfig } from 'wxt';
import { clientMetadataDocument } from './src/oauth/client-metadata';
import { OPEN_PANEL_SHORTCUT } from './src/panel-entry/shortcut';
import { extensionIdFromKey, redirectUrlForExtension } from './scripts/extension-id';
import { lazyWorkerChunks } from './scripts/worker-chunks';

/**
 * Where Patchbay's OAuth Client ID Metadata Document is published (an https URL), if anywhere.
 * With it, the build writes the document to `oauth/client-metadata.json` for the deployment to
 * serve at that URL, and sign-ins use it as the client id where authorization servers support
 * it (docs/oauth.md).
 */
const clientMetadataUrl = process.env.WXT_CLIENT_METADATA_URL;

/**
 * Public half of Patchbay's signing key. Pinning it keeps the extension id
 * (ochopgbekfckekcfildinaeciimoahkb) and with it chrome.identity.getRedirectURL()
 * the same on every machine, which OAuth redirect URIs depend on. The store packages leave it
 * out (the Chrome Web Store refuses a manifest with a `key`; the store's own key signs the
 * item): to give unpacked builds the store's id, put the dashboard's public key here
 * (docs/store.md).
 */
export const EXTENSION_PUBLIC_KEY =
  'MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEAr2HhF1lEh2t9Vom45x5FgNd/H24L1bBRLbRuj2PYYHudgEP/39unSnq4S2h4capkr1h4rKiHMbuxBlpVhgdE0P5nhhbDzPOkOhs34/siiPXKbaFGrN107XKGs7JJD1fy0jl6kCQSh1UX9kWQm5ZiNkLbGn170/kv4qQ7jRLMpAGhgwoa3g4I0VPE3ycwXMXaCXvmZPrN+6Hi8zV3HZjZTI8yKXVOB90qvx1gYvhiYS7+tT6tSseLFVsEQGI631emzBuS/JqNVpHNGPPplP/39SxpX18CgilWKs2O98PR8bHnAOzfFBLVYfgOX+jWj0Cdj0hNKmtGTkAd03886Bv9KwIDAQAB';

/** The built manifest, kept while `wxt zip` writes a package without its key. */
let builtManifest: string | undefined;

/** Where an MCP App may reach at most, whatever it declares: https, or http on this machine. */
const APP_ORIGINS = 'https: http://localhost:* http://127.0.0.1:*';

export default defineConfig({
  modules: ['@wxt-dev/module-react'],
  srcDir: '.',
  entrypointsDir: 'entrypoints',
  // PATCHBAY_OUT_DIR: a build elsewhere, so the store-package test can zip while other e2e
  // files load `.output/chrome-mv3`.
  outDir: process.env.PATCHBAY_OUT_DIR ?? '.output',
  webExt: { disabled: true },
  // npm run zip: the Chrome and Edge packages (named with package.json's version) and, with
  // --sources, what a store reviewer needs to rebuild them (`npm ci && npm run build`).
  zip: {
    includeSources: [
      'package.json',
      'package-lock.json',
      'relay/package.json',
      'tsconfig.json',
      'wxt.config.ts',
      'README.md',
      'CHANGELOG.md',
      'entrypoints/**',
      'components/**',
      'src/**',
      // The relay's wire tags, which the extension's relay link imports.
      'relay/src/wire/**',
      'public/**',
      'scripts/extension-id.ts',
      'scripts/worker-chunks.ts',
    ],
  },
  // Extension pages load from disk, not the network: one ~800 kB side-panel chunk is fine.
  // PATCHBAY_SOURCEMAP=1: source maps, to see where a bundle's bytes go (docs/performance.md).
  vite: () => ({
    build: { chunkSizeWarningLimit: 1200, sourcemap: process.env.PATCHBAY_SOURCEMAP === '1' },
    resolve: {
      // One JSON Schema validator for the SDK's client and server packages (sdk-server-shims.ts).
      alias: [
        {
          find: /^@modelcontextprotocol\/server\/_shims$/,
          replacement: resolve(import.meta.dirname, 'src/mcp/sdk-server-shims.ts'),
        },
      ],
    },
  }),
  hooks: {
    // The worker's lazy parts (scripts/worker-chunks.ts).
    'vite:build:extendConfig': (entrypoints, config) => {
      if (entrypoints.some((entry) => entry.type === 'background')) lazyWorkerChunks(config);
    },
    'build:publicAssets': (_wxt, files) => {
      if (!clientMetadataUrl) return;
      files.push({
        relativeDest: 'oauth/client-metadata.json',
        contents: `${JSON.stringify(
          clientMetadataDocument(
            clientMetadataUrl,
            redirectUrlForExtension(extensionIdFromKey(EXTENSION_PUBLIC_KEY)),
          ),
          null,
          2,
        )}\n`,
      });
    },
    // The store packages carry no `key`: it is taken out of the built manifest while the zip
    // is written, and the manifest is put back as built for the unpacked build.
    'zip:extension:start': (wxt) => {
      const path = join(wxt.config.outDir, 'manifest.json');
      builtManifest = readFileSync(path, 'utf8');
      const manifest = JSON.parse(builtManifest) as Record<string, unknown>;
      delete manifest.key;
      writeFileSync(path, JSON.stringify(manifest));
    },
    'zip:extension:done': (wxt) => {
      if (builtManifest) writeFileSync(join(wxt.config.outDir, 'manifest.json'), builtManifest);
    },
  },
  manifest: {
    name: 'Patchbay',
    description: 'An AI side panel whose tools come from remote MCP servers.',
    key: EXTENSION_PUBLIC_KEY,
    minimum_chrome_version: '140',
    // scripting: page tools (the proxy registered for allowed sites, docs/page-tools-injection.md)
    // and the browser's own tools (src/browser-tools/).
    // contextMenus: "Ask Patchbay about this selection / page" (src/panel-entry/); asked at
    // install, where Chrome shows no warning for it, so the menu is there from the first day.
    // activeTab: the page a context-menu click was on (its title and address), no warning.
    permissions: [
      'sidePanel',
      'storage',
      'alarms',
      'identity',
      'scripting',
      'contextMenus',
      'activeTab',
      // offscreen: the host of the routine runner and the relay link (src/platform/chrome-offscreen-host.ts), no warning.
      'offscreen',
      // declarativeNetRequestWithHostAccess: Patchbay's own requests go without an Origin
      // header, on sites the person allowed only (src/platform/chrome-own-requests.ts); no
      // warning.
      'declarativeNetRequestWithHostAccess',
    ],
    // tabs and tabGroups: only the browser's own tools, asked for when the person switches on
    // browser access or "Use this browser" (src/permissions/). notifications: tasks that end
    // while the panel is closed, when the person switches that on in Settings.
    optional_permissions: ['tabs', 'tabGroups', 'notifications'],
    // Site access is never asked at install (src/permissions/host-access.ts): a server's origin
    // when the person adds it or switches it on, its authorization server's at sign-in, a model's
    // when it is saved, the registry's when Browse opens; all sites when the person switches on
    // the browser's own tools or websites' tools, after the panel says what that allows.
    optional_host_permissions: ['<all_urls>'],
    action: { default_title: 'Open Patchbay' },
    // Opens the panel with the composer focused (src/panel-entry/); people change the key at
    // chrome://extensions/shortcuts.
    commands: {
      'open-patchbay': {
        suggested_key: { default: OPEN_PANEL_SHORTCUT },
        description: 'Open Patchbay with the message box focused',
      },
    },
    // No other extension and no website may message Patchbay (the router also checks senders).
    externally_connectable: { ids: [], matches: [] },
    // Nothing on an extension page loads from the network unless Patchbay asks: images only
    // from the extension and data:/blob: URLs (tool results, icons); fetches over https, or
    // plain http to this machine (local models and MCP servers) and to servers on the person's
    // own network (src/net/private-network.ts decides which hosts: a policy cannot name address
    // ranges such as 192.168/16, so it allows http: and the code refuses the rest); no plugins,
    // no <base>, no form posts.
    content_security_policy: {
      extension_pages: [
        "script-src 'self'",
        "object-src 'none'",
        "base-uri 'none'",
        "form-action 'none'",
        "img-src 'self' data: blob:",
        // wss: and local ws: for the relay link (src/relay-link/relay-link.ts, in the offscreen host).
        "connect-src 'self' https: http: wss: ws://localhost:* ws://127.0.0.1:*",
      ].join('; '),
      // The MCP Apps sandbox page (entrypoints/app-sandbox.sandbox): an opaque origin with
      // scripts and forms only. Its app frame (srcdoc) inherits this policy and adds the one
      // built from what the app's server declared (src/apps/app-csp.ts); both apply, so this
      // is the most any app may ever do: inline code, and origins over https/wss or this
      // machine. No eval, plugins, popups, nested frames or navigating the panel.
      sandbox: [
        'sandbox allow-scripts allow-forms',
        "default-src 'none'",
        `script-src 'self' 'unsafe-inline' ${APP_ORIGINS}`,
        `style-src 'self' 'unsafe-inline' ${APP_ORIGINS}`,
        `img-src 'self' data: blob: ${APP_ORIGINS}`,
        `font-src 'self' data: ${APP_ORIGINS}`,
        `media-src 'self' data: blob: ${APP_ORIGINS}`,
        `connect-src ${APP_ORIGINS} wss: ws://localhost:* ws://127.0.0.1:*`,
        // No frames inside apps: a frame's navigation is checked against its parent's
        // frame-src, so anything else would let an app send itself (and what it knows) to any
        // https address by navigating, past the policy built for it.
        "frame-src 'none'",
        "object-src 'none'",
        "form-action 'none'",
      ].join('; '),
    },
  },
});
