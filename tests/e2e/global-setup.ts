/**
 * The e2e run's shared folder of granted profiles (harness.ts `grantOptional`): every test file
 * copies the same few profiles rather than launching Chromium to grant its own, and the folder
 * goes when the run ends, passed or failed.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    grantedProfiles: string;
  }
}

export default function setup(project: TestProject) {
  const folder = mkdtempSync(join(tmpdir(), 'patchbay-e2e-profiles-'));
  project.provide('grantedProfiles', folder);
  return () => rmSync(folder, { recursive: true, force: true });
}
