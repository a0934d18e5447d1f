import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

/** Every file under `dir` whose name ends with one of `endings`. */
function filesUnder(dir: string, endings: readonly string[]): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((name) => endings.some((ending) => name.endsWith(ending)))
    .map((name) => join(dir, name));
}

const CLASS_STRING = /(?:className|buttonClass)=\{?\s*(["'`])([^"'`]*)\1/g;
/** The older names of buttons.css's hierarchy, gone: `.quiet` and `.primary.danger`. */
const RETIRED = ['link', 'danger-button'];

describe('the button hierarchy (entrypoints/sidepanel/styles/buttons.css)', () => {
  const sources = [...filesUnder('components', ['.tsx']), ...filesUnder('entrypoints', ['.tsx'])];
  const styles = [...filesUnder('components', ['.css']), ...filesUnder('entrypoints', ['.css'])];

  it('reads the components and styles it checks', () => {
    expect(sources.length).toBeGreaterThan(50);
    expect(styles.some((file) => file.endsWith('buttons.css'))).toBe(true);
  });

  it('has no component using a retired class name', () => {
    const uses = sources.flatMap((file) =>
      [...readFileSync(file, 'utf8').matchAll(CLASS_STRING)]
        .filter((match) => match[2]!.split(/\s+/).some((token) => RETIRED.includes(token)))
        .map((match) => `${file}: ${match[0]}`),
    );
    expect(uses).toEqual([]);
  });

  it('has no style for a retired class name', () => {
    const selectors = styles.flatMap((file) =>
      readFileSync(file, 'utf8')
        .split('\n')
        .filter((line) => RETIRED.some((name) => new RegExp(`\\.${name}(?![\\w-])`).test(line)))
        .map((line) => `${file}: ${line.trim()}`),
    );
    expect(selectors).toEqual([]);
  });
});
