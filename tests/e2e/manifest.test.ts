import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { EXTENSION_PUBLIC_KEY } from '../../wxt.config';
import { EXTENSION_DIR } from './harness';

describe('production manifest', () => {
  const manifest = JSON.parse(readFileSync(join(EXTENSION_DIR, 'manifest.json'), 'utf8')) as Record<
    string,
    unknown
  >;

  it('asks for exactly the permissions Patchbay uses, with no dev-only extras', () => {
    expect(manifest.manifest_version).toBe(3);
    expect(manifest.permissions).toEqual(['sidePanel', 'storage', 'alarms', 'identity']);
    expect(manifest.host_permissions).toEqual(['http://*/*', 'https://*/*']);
    expect(manifest.minimum_chrome_version).toBe('120');
  });

  it('pins the public key and opens the side panel from the toolbar button', () => {
    expect(manifest.key).toBe(EXTENSION_PUBLIC_KEY);
    expect(manifest.side_panel).toEqual({ default_path: 'sidepanel.html' });
    expect(manifest.action).toBeDefined();
    expect(manifest).not.toHaveProperty('externally_connectable');
    expect(manifest).not.toHaveProperty('content_scripts');
  });
});
