/** The relay suite's one build of the relay (relay-build.ts), removed when the run ends. */
import { rmSync } from 'node:fs';
import { buildRelay, RELAY_BUILD_ENV } from './relay-build';

export default function setup() {
  const dir = buildRelay();
  // Test files run in workers started after this, which take this environment.
  process.env[RELAY_BUILD_ENV] = dir;
  return () => rmSync(dir, { recursive: true, force: true });
}
