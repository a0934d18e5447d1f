import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { OPEN_PANEL_COMMAND } from '../../src/panel-entry/panel-entry';
import { REQUIRED_CHROME_VERSION } from '../../src/platform/chrome-requirements';
import { EXTENSION_PUBLIC_KEY } from '../../wxt.config';
import { EXTENSION_DIR } from './harness';

describe('production manifest', () => {
  const manifest = JSON.parse(readFileSync(join(EXTENSION_DIR, 'manifest.json'), 'utf8')) as Record<
    string,
    unknown
  >;

  it('asks for exactly the permissions Patchbay uses, with no dev-only extras', () => {
    expect(manifest.manifest_version).toBe(3);
    expect(manifest.permissions).toEqual([
      'sidePanel',
      'storage',
      'alarms',
      'identity',
      'scripting',
      'contextMenus',
      'activeTab',
      // The routine runner's document; Chrome shows no warning for it.
      'offscreen',
      // Patchbay's own requests without an Origin header, on allowed sites; no warning.
      'declarativeNetRequestWithHostAccess',
    ]);
    // Asked for when the person switches on browser access or "Use this browser".
    expect(manifest.optional_permissions).toEqual(['tabs', 'tabGroups', 'notifications']);
    // No site access at install: each site is asked for from the click that needs it.
    expect(manifest.host_permissions).toBeUndefined();
    expect(manifest.optional_host_permissions).toEqual(['<all_urls>']);
    expect(manifest.content_scripts).toBeUndefined();
  });

  it('has a keyboard command that opens the panel, with a suggested key people can change', () => {
    expect(manifest.commands).toEqual({
      [OPEN_PANEL_COMMAND]: {
        suggested_key: { default: 'Alt+Shift+P' },
        description: 'Open Patchbay with the message box focused',
      },
    });
  });

  it('asks for a Chrome that has every feature Patchbay needs (docs/chrome-apis.md)', () => {
    // 140: the first that closes storage.local to content scripts (setAccessLevel).
    expect(manifest.minimum_chrome_version).toBe('140');
    expect(Number(manifest.minimum_chrome_version)).toBeGreaterThanOrEqual(REQUIRED_CHROME_VERSION);
  });

  it('carries package.json’s version (npm run version:bump changes both)', () => {
    const pkg = JSON.parse(readFileSync('package.json', 'utf8')) as { version: string };
    expect(manifest.version).toBe(pkg.version);
  });

  it('pins the public key and opens the side panel from the toolbar button', () => {
    expect(manifest.key).toBe(EXTENSION_PUBLIC_KEY);
    expect(manifest.side_panel).toEqual({ default_path: 'sidepanel.html' });
    expect(manifest.action).toBeDefined();
    expect(manifest.externally_connectable).toEqual({ ids: [], matches: [] });
    // Nothing in every page: the detector goes only into the tab the open panel is on, and
    // the proxy and the WebMCP bridge are registered at run time for allowed sites only.
    expect(manifest.content_scripts).toBeUndefined();
  });

  it('runs MCP Apps in a sandbox page without eval, frames or popups', () => {
    expect(manifest.sandbox).toEqual({ pages: ['app-sandbox.html'] });
    const policy = (manifest.content_security_policy as { sandbox: string }).sandbox;
    expect(policy).toMatch(/^sandbox allow-scripts allow-forms;/);
    expect(policy).toContain("frame-src 'none'");
    expect(policy).toContain("object-src 'none'");
    expect(policy).not.toContain('unsafe-eval');
    expect(policy).not.toContain('allow-popups');
    expect(policy).not.toContain('allow-same-origin');
  });

  it('keeps images to the extension and data:/blob: URLs, and fetches to https or http (which hosts over http, the code decides)', () => {
    const policy = (manifest.content_security_policy as { extension_pages: string })
      .extension_pages;
    const directives = Object.fromEntries(
      policy.split(';').map((directive) => {
        const [name = '', ...sources] = directive.trim().split(/\s+/);
        return [name, sources];
      }),
    );
    expect(directives['script-src']).toEqual(["'self'"]);
    expect(directives['object-src']).toEqual(["'none'"]);
    expect(directives['img-src']).toEqual(["'self'", 'data:', 'blob:']);
    expect(directives['connect-src']).toEqual([
      "'self'",
      'https:',
      'http:',
      'wss:',
      'ws://localhost:*',
      'ws://127.0.0.1:*',
    ]);
  });
});
