import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import config from '../../../wxt.config';

const SCREENSHOTS = 'store/screenshots';

/** Width and height from a PNG's IHDR chunk. */
function pngSize(path: string): { width: number; height: number } {
  const bytes = readFileSync(path);
  expect(bytes.subarray(1, 4).toString('latin1'), `${path} is a PNG`).toBe('PNG');
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

describe('the store listing kit (store/)', () => {
  it('gives the manifest’s description as the short description, within the stores’ 132 characters', () => {
    const description = (config.manifest as { description: string }).description;
    expect(description.length).toBeLessThanOrEqual(132);
    expect(readFileSync('store/listing.md', 'utf8')).toContain(`> ${description}\n`);
  });

  it('holds one to five screenshots, each 1280 × 800', () => {
    const shots = readdirSync(SCREENSHOTS).filter((file) => file.endsWith('.png'));
    expect(shots.length).toBeGreaterThanOrEqual(1);
    expect(shots.length).toBeLessThanOrEqual(5);
    for (const shot of shots) {
      expect(pngSize(join(SCREENSHOTS, shot)), shot).toEqual({ width: 1280, height: 800 });
    }
  });

  it('has a 128 × 128 listing icon', () => {
    expect(pngSize('store/icon-128.png')).toEqual({ width: 128, height: 128 });
  });
});
