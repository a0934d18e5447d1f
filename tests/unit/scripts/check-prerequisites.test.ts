import { execFile } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterEach, describe, expect, it } from 'vitest';
import {
  INSTALL_LINE,
  listed,
  missingPrerequisites,
  onPath,
} from '../../../scripts/check-prerequisites';

const run = promisify(execFile);
const tsx = resolve('node_modules/.bin/tsx');

const folders: string[] = [];
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

/** A folder holding only the named executables (empty scripts), to stand for PATH. */
function pathWith(...commands: string[]): string {
  const folder = mkdtempSync(join(tmpdir(), 'patchbay-path-'));
  folders.push(folder);
  for (const command of commands) {
    writeFileSync(join(folder, command), '#!/bin/sh\n');
    chmodSync(join(folder, command), 0o755);
  }
  return folder;
}

describe('the test prerequisites check', () => {
  it('names each missing package with what needs it', () => {
    const all = { chromium: () => true, redis: () => true, faketime: () => true };
    expect(missingPrerequisites(all)).toEqual([]);
    expect(missingPrerequisites({ ...all, chromium: () => false })).toEqual([
      'Chromium (the browser tests; or set CHROME_PATH)',
    ]);
    expect(missingPrerequisites({ ...all, redis: () => false })).toEqual([
      'redis-server (the relay tests)',
    ]);
    expect(missingPrerequisites({ ...all, faketime: () => false })).toEqual([
      'faketime (the shifted-clock run)',
    ]);
    expect(
      missingPrerequisites({ chromium: () => false, redis: () => false, faketime: () => false }),
    ).toHaveLength(3);
  });

  it('lists what is missing in words', () => {
    expect(listed(['a'])).toBe('a');
    expect(listed(['a', 'b'])).toBe('a and b');
    expect(listed(['a', 'b', 'c'])).toBe('a, b and c');
  });

  it('finds an executable only when PATH holds it', () => {
    expect(onPath('redis-server', pathWith('redis-server'))).toBe(true);
    expect(onPath('redis-server', pathWith('redis-cli'))).toBe(false);
    expect(onPath('redis-server', '')).toBe(false);
  });

  it('stops npm test with the install line when Redis is missing', async () => {
    const path = [pathWith('faketime'), dirname(process.execPath)].join(':');
    const failure = await run(tsx, ['scripts/check-prerequisites.ts'], {
      env: { ...process.env, PATH: path },
    }).then(
      () => undefined,
      (error: { code: number; stderr: string }) => error,
    );
    expect(failure?.code).toBe(1);
    expect(failure?.stderr.trim()).toBe(
      `Missing redis-server (the relay tests). Install with: ${INSTALL_LINE}`,
    );
  });

  it('passes quietly when everything is there', async () => {
    const path = [pathWith('redis-server', 'faketime'), dirname(process.execPath)].join(':');
    const { stdout, stderr } = await run(tsx, ['scripts/check-prerequisites.ts'], {
      env: { ...process.env, PATH: path, CHROME_PATH: process.execPath },
    });
    expect(stdout + stderr).toBe('');
  });
});
