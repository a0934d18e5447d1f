/**
 * `npm test` runs this first: the system packages the suites use (Chromium for the browser
 * tests, Redis for the relay's scale-out tests, faketime for the shifted-clock run) are checked
 * before anything builds, so a bare
 * machine stops in a second with the one line that fixes it, not with `spawn redis-server
 * ENOENT` minutes in.
 */
import { accessSync, constants } from 'node:fs';
import { delimiter, join } from 'node:path';
import { findChromium } from './chromium';

export const INSTALL_LINE = 'sudo apt-get install -y chromium redis-server faketime';

/** Whether an executable of this name is on PATH. */
export function onPath(command: string, path = process.env.PATH ?? ''): boolean {
  return path
    .split(delimiter)
    .filter(Boolean)
    .some((folder) => {
      try {
        accessSync(join(folder, command), constants.X_OK);
        return true;
      } catch {
        return false;
      }
    });
}

/** The missing packages, each with what needs it; empty when all are there. */
export function missingPrerequisites(
  probes: { chromium(): boolean; redis(): boolean; faketime(): boolean } = {
    chromium: () => {
      try {
        findChromium();
        return true;
      } catch {
        return false;
      }
    },
    redis: () => onPath('redis-server'),
    faketime: () => onPath('faketime'),
  },
): string[] {
  const missing: string[] = [];
  if (!probes.chromium()) missing.push('Chromium (the browser tests; or set CHROME_PATH)');
  if (!probes.redis()) missing.push('redis-server (the relay tests)');
  if (!probes.faketime()) missing.push('faketime (the shifted-clock run)');
  return missing;
}

/** "a", "a and b", "a, b and c". */
export function listed(items: readonly string[]): string {
  return items.length > 1 ? `${items.slice(0, -1).join(', ')} and ${items.at(-1)}` : items.join('');
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const missing = missingPrerequisites();
  if (missing.length > 0) {
    console.error(`Missing ${listed(missing)}. Install with: ${INSTALL_LINE}`);
    process.exit(1);
  }
}
