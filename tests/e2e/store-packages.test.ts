/**
 * `npm run zip`: the Chrome and Edge store packages load in Chromium, carry package.json's
 * version and no `key`, and the sources package holds what rebuilds them.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import extract from 'extract-zip';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLIENT_METADATA_FILE } from '../../scripts/client-metadata';
import { extensionIdFromKey } from '../../scripts/extension-id';
import { EXTENSION_PUBLIC_KEY } from '../../wxt.config';
import { launchExtension } from './harness';

const { version } = JSON.parse(readFileSync('package.json', 'utf8')) as { version: string };
/** The packages are built in a directory of their own: other e2e files load `.output` meanwhile. */
const outDir = mkdtempSync(join(tmpdir(), 'patchbay-zip-'));
const packagePath = (name: string) => join(outDir, `patchbay-${version}-${name}.zip`);
const unpacked: string[] = [];

async function unpack(zip: string): Promise<string> {
  const dir = mkdtempSync(join(tmpdir(), 'patchbay-package-'));
  unpacked.push(dir);
  await extract(zip, { dir });
  return dir;
}

beforeAll(() => {
  execFileSync('npm', ['run', 'zip'], {
    stdio: 'pipe',
    env: { ...process.env, PATCHBAY_OUT_DIR: outDir },
  });
}, 120_000);

afterAll(() => {
  for (const dir of [...unpacked, outDir]) rmSync(dir, { recursive: true, force: true });
});

describe('the store packages (npm run zip)', () => {
  it.each(['chrome', 'edge'])(
    'the %s package loads in Chromium and opens the panel, at package.json’s version',
    async (browser) => {
      const dir = await unpack(packagePath(browser));
      const manifest = JSON.parse(readFileSync(join(dir, 'manifest.json'), 'utf8')) as Record<
        string,
        unknown
      >;
      expect(manifest.version).toBe(version);
      // The stores refuse a manifest with a key; they sign the item with their own.
      expect(manifest.key).toBeUndefined();
      expect(manifest.icons).toEqual({
        16: 'icon/16.png',
        32: 'icon/32.png',
        48: 'icon/48.png',
        128: 'icon/128.png',
      });

      const session = await launchExtension({ extensionDir: dir });
      try {
        // Without the key, Chrome gives the unpacked package an id of its own.
        expect(session.extensionId).not.toBe(extensionIdFromKey(EXTENSION_PUBLIC_KEY));
        const page = await session.openServers();
        await expect(
          page.evaluate(
            () =>
              (
                globalThis as unknown as {
                  chrome: { runtime: { getManifest(): { version: string } } };
                }
              ).chrome.runtime.getManifest().version,
          ),
        ).resolves.toBe(version);
        expect([...session.errors]).toEqual([]);
      } finally {
        await session.close();
      }
    },
  );

  it('the sources package holds what rebuilds the extension, and no tests, builds or secrets', async () => {
    const dir = await unpack(packagePath('sources'));
    const files = execFileSync('find', ['.', '-type', 'f'], { cwd: dir, encoding: 'utf8' })
      .split('\n')
      .filter(Boolean)
      .map((file) => file.slice(2));
    expect(files).toEqual(
      expect.arrayContaining([
        'package.json',
        'package-lock.json',
        'wxt.config.ts',
        'tsconfig.json',
        'entrypoints/background.ts',
        'scripts/extension-id.ts',
        'scripts/worker-chunks.ts',
        'public/icon/128.png',
      ]),
    );
    expect(
      files.filter((file) => /^(tests|node_modules|\.output|store)\/|\.env|\.pem$/.test(file)),
    ).toEqual([]);
    // Every relative import of the sources is in the package: a build from it resolves them.
    const present = new Set(files);
    const missing = files
      .filter((file) => /\.tsx?$/.test(file))
      .flatMap((file) =>
        [...readFileSync(join(dir, file), 'utf8').matchAll(/from '(\.{1,2}\/[^']+)'/g)]
          .map((match) => join(dirname(file), match[1]!))
          .filter(
            (target) =>
              !['', '.ts', '.tsx', '/index.ts'].some((ending) => present.has(target + ending)),
          )
          .map((target) => `${file} -> ${target}`),
      );
    expect(missing).toEqual([]);
  });
});

describe('the unpacked build and the published Client ID Metadata Document', () => {
  it('has the redirect URL the document lists (the manifest key’s extension id)', async () => {
    const published = JSON.parse(readFileSync(CLIENT_METADATA_FILE, 'utf8')) as {
      redirect_uris: string[];
    };
    const session = await launchExtension();
    try {
      const page = await session.openSidePanel();
      const redirect = await page.evaluate(() =>
        (
          globalThis as unknown as { chrome: { identity: { getRedirectURL(): string } } }
        ).chrome.identity.getRedirectURL(),
      );
      expect(published.redirect_uris).toEqual([redirect]);
      expect(session.extensionId).toBe(extensionIdFromKey(EXTENSION_PUBLIC_KEY));
    } finally {
      await session.close();
    }
  });
});
