import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import config from '../../../wxt.config';
import {
  CHROME_REQUIREMENTS,
  REQUIRED_CHROME_VERSION,
  type ChromeRequirement,
} from '../../../src/platform/chrome-requirements';

/** A requirement as a row of docs/chrome-apis.md: feature, version, where, notes. */
const rowOf = (requirement: ChromeRequirement) => [
  requirement.feature,
  requirement.fallback ? `${requirement.since} (optional)` : String(requirement.since),
  requirement.usedIn,
  requirement.fallback ? `Without it, ${requirement.fallback}.` : (requirement.note ?? ''),
];

/** The rows of the doc's table (its header and divider left out), cells trimmed. */
function documentedRows(): string[][] {
  const doc = readFileSync('docs/chrome-apis.md', 'utf8');
  return doc
    .split('\n')
    .filter((line) => line.startsWith('|'))
    .slice(2)
    .map((line) =>
      line
        .slice(1, -1)
        .split('|')
        .map((cell) => cell.trim()),
    );
}

describe('the Chrome versions Patchbay needs', () => {
  it('start at 140, where storage.local can be closed to content scripts', () => {
    expect(REQUIRED_CHROME_VERSION).toBe(140);
  });

  it('are at most the manifest’s minimum_chrome_version', () => {
    const manifest = config.manifest as { minimum_chrome_version?: string };
    expect(Number(manifest.minimum_chrome_version)).toBeGreaterThanOrEqual(REQUIRED_CHROME_VERSION);
  });

  it('are the table in docs/chrome-apis.md, row for row', () => {
    expect(documentedRows()).toEqual(CHROME_REQUIREMENTS.map(rowOf));
  });

  it('say where each feature is used, in files that exist', () => {
    for (const { usedIn } of CHROME_REQUIREMENTS) {
      const path = /^[\w./-]+/.exec(usedIn)?.[0] ?? '';
      expect(existsSync(path), usedIn).toBe(true);
    }
  });
});
