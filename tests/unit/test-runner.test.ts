import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { GROUPS, timingTable } from '../../scripts/test';

describe('npm test', () => {
  it('runs every test:* suite exactly once', () => {
    const scripts = Object.keys(
      (JSON.parse(readFileSync('package.json', 'utf8')) as { scripts: Record<string, string> })
        .scripts,
    );
    const suites = scripts.filter((name) => /^test:/.test(name));
    expect(GROUPS.flat().sort()).toEqual(suites.sort());
  });

  it('ends with each suite’s time and outcome, and the whole run’s time', () => {
    expect(
      timingTable(
        [
          { suite: 'test:unit', seconds: 61.04, status: 0 },
          { suite: 'test:e2e', seconds: 140.96, status: 1 },
        ],
        202.5,
      ),
    ).toBe(
      [
        'Suite times:',
        '  test:unit    61.0 s  ok',
        '  test:e2e    141.0 s  failed (exit 1)',
        '  all         202.5 s',
      ].join('\n'),
    );
  });
});
