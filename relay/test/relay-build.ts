/**
 * The relay as its package ships it (`npm run build` in relay/: tsc with relay/tsconfig.build.json,
 * the `dist/cli.js` its `bin` names), for the tests and benches that start relay processes.
 * Built once per run: started through tsx, each process spent about 1.5 s of CPU transforming
 * the sources (the relay suite starts 38); built, it starts in about 0.5 s.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';

/** Where a run's build is, for the processes it starts (relay/test/global-setup.ts sets it). */
export const RELAY_BUILD_ENV = 'PATCHBAY_RELAY_BUILD';

/**
 * Builds the relay into a new folder inside relay/ (where its imports resolve, and
 * `../package.json` is the relay's own, as from dist/), and returns the folder.
 */
export function buildRelay(): string {
  const out = mkdtempSync(resolve('relay', '.test-build-'));
  const built = spawnSync(
    process.execPath,
    [
      resolve('node_modules/typescript/bin/tsc'),
      '-p',
      'relay/tsconfig.build.json',
      '--outDir',
      out,
    ],
    { encoding: 'utf8' },
  );
  if (built.status !== 0) {
    rmSync(out, { recursive: true, force: true });
    throw new Error(`The relay did not build: ${built.stdout}${built.stderr}`);
  }
  return out;
}

let ownBuild: string | undefined;

/**
 * The command line of this run's build: the one the run's setup made, or one made now for this
 * process (a bench, the chaos script) and removed when it exits.
 */
export function relayCli(): string {
  const dir = process.env[RELAY_BUILD_ENV] ?? (ownBuild ??= buildOwn());
  return join(dir, 'cli.js');
}

function buildOwn(): string {
  const dir = buildRelay();
  process.once('exit', () => rmSync(dir, { recursive: true, force: true }));
  return dir;
}
