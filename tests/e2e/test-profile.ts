/**
 * The profile a test browser starts on: the optional permissions a person would have granted
 * (scripts/granted-profile.ts), and developer mode for a browser the tests of a file share.
 */
import { createHash } from 'node:crypto';
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { dirname, join } from 'node:path';
import { inject } from 'vitest';
import { grantInProfile, type Grants } from '../../scripts/granted-profile';

/**
 * Copies into `userDataDir` a profile holding `grants`: made once per run for each set of grants
 * and build, in the run's shared folder (global-setup.ts), with the browser `flags` the tests
 * use. Two files may make the same one at once: the first to finish keeps it.
 */
export async function copyGrantedProfile(
  userDataDir: string,
  extensionDir: string,
  grants: Grants,
  flags: readonly string[],
): Promise<void> {
  const key = createHash('sha256')
    .update(JSON.stringify([extensionDir, grants]))
    .digest('hex')
    .slice(0, 16);
  const template = join(inject('grantedProfiles'), key);
  if (!existsSync(template)) {
    const making = mkdtempSync(`${template}-making-`);
    try {
      await grantInProfile(making, extensionDir, grants, flags);
      renameSync(making, template);
    } catch (error) {
      rmSync(making, { recursive: true, force: true });
      if (!existsSync(template)) throw error;
    }
  }
  cpSync(template, userDataDir, { recursive: true });
}

/**
 * Turns developer mode on in the profile at `userDataDir`, keeping what its preferences hold:
 * Chromium disables an extension loaded from the command line that reloads itself otherwise.
 */
export function inDeveloperMode(userDataDir: string): void {
  const path = join(userDataDir, 'Default', 'Preferences');
  const preferences = existsSync(path)
    ? (JSON.parse(readFileSync(path, 'utf8')) as { extensions?: { ui?: object } })
    : {};
  const extensions = preferences.extensions ?? {};
  extensions.ui = { ...extensions.ui, developer_mode: true };
  preferences.extensions = extensions;
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, JSON.stringify(preferences));
}
