/**
 * A Chromium profile where Patchbay already holds optional permissions, as Chrome's prompts
 * would leave them (automation cannot click them): the profile first runs a copy of the build
 * that requires them, as an update from an earlier version that required them does (Chrome
 * keeps them, now optional). Used by the e2e harness and the bench, whose servers live on
 * loopback sites a person would have allowed.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { CHROMIUM_FLAGS, findChromium } from './chromium';

/** What the profile holds: the optional API permissions, and the sites allowed. */
export interface Grants {
  apiPermissions: boolean;
  /** Match patterns (`<all_urls>`, `http://127.0.0.1/*`). */
  sites: readonly string[];
}

export async function grantInProfile(
  userDataDir: string,
  extensionDir: string,
  grants: Grants,
  flags: readonly string[] = [],
): Promise<void> {
  const copy = mkdtempSync(join(tmpdir(), 'patchbay-granted-'));
  cpSync(extensionDir, copy, { recursive: true });
  const manifestPath = join(copy, 'manifest.json');
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as {
    permissions?: string[];
    optional_permissions?: string[];
    host_permissions?: string[];
  };
  if (grants.apiPermissions) {
    manifest.permissions = [
      ...(manifest.permissions ?? []),
      ...(manifest.optional_permissions ?? []),
    ];
    delete manifest.optional_permissions;
  }
  manifest.host_permissions = [...grants.sites];
  writeFileSync(manifestPath, JSON.stringify(manifest));
  const context = await chromium.launchPersistentContext(userDataDir, {
    executablePath: findChromium(),
    headless: true,
    args: [
      `--disable-extensions-except=${copy}`,
      `--load-extension=${copy}`,
      ...CHROMIUM_FLAGS,
      ...flags,
    ],
  });
  try {
    if (context.serviceWorkers().length === 0) await context.waitForEvent('serviceworker');
  } finally {
    await context.close();
    rmSync(copy, { recursive: true, force: true });
  }
}
