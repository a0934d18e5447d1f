/**
 * The floor of a cold worker start: an extension whose worker does nothing but answer every
 * message, with Patchbay's `key` (so the same origin), written to a temporary folder.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

/** Writes the empty extension; returns its folder and a function that removes it. */
export function writeEmptyExtension(): { dir: string; remove(): void } {
  const dir = mkdtempSync(join(tmpdir(), 'patchbay-bench-empty-'));
  const { key } = JSON.parse(readFileSync(resolve('.output/chrome-mv3/manifest.json'), 'utf8')) as {
    key: string;
  };
  const manifest = {
    manifest_version: 3,
    name: 'Empty worker',
    version: '1.0.0',
    key,
    background: { service_worker: 'background.js', type: 'module' },
  };
  writeFileSync(join(dir, 'manifest.json'), JSON.stringify(manifest));
  writeFileSync(
    join(dir, 'background.js'),
    "chrome.runtime.onMessage.addListener((message, sender, sendResponse) => { sendResponse({ ok: false, error: { message: 'empty' } }); });\n",
  );
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}
