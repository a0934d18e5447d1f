import { describe, expect, it } from 'vitest';
import {
  LEGACY_VERDICT_TTL_MS,
  readStoredEra,
  rememberEra,
  usableEra,
} from '../../../src/mcp/session/stored-era';

const modern = {
  kind: 'modern' as const,
  discover: { supportedVersions: ['2026-07-28'], capabilities: {} },
};
const day = 24 * 60 * 60 * 1000;

describe('stored era verdicts', () => {
  it('reuses a modern verdict however old: a wrong one fails loudly and is probed again', () => {
    expect(usableEra({ verdict: modern, checkedAt: 0 }, 365 * day)).toEqual(modern);
  });

  it('reuses a legacy verdict only for a while, since an upgraded server may still answer initialize', () => {
    const stored = { verdict: { kind: 'legacy' as const }, checkedAt: 1_000 };
    expect(usableEra(stored, 1_000 + LEGACY_VERDICT_TTL_MS)).toEqual({ kind: 'legacy' });
    expect(usableEra(stored, 1_001 + LEGACY_VERDICT_TTL_MS)).toBeUndefined();
  });

  it('dates a verdict when it was probed, not when it was merely reused', () => {
    const probed = rememberEra(undefined, { kind: 'legacy' }, 5 * day);
    expect(probed.checkedAt).toBe(5 * day);
    expect(rememberEra(probed, { kind: 'legacy' }, 6 * day).checkedAt).toBe(5 * day);
    // Expired, so the connection probed: the new verdict is dated now.
    expect(rememberEra(probed, { kind: 'legacy' }, 5 * day + LEGACY_VERDICT_TTL_MS + 1)).toEqual({
      verdict: { kind: 'legacy' },
      checkedAt: 5 * day + LEGACY_VERDICT_TTL_MS + 1,
    });
    expect(rememberEra(probed, modern, 6 * day)).toEqual({ verdict: modern, checkedAt: 6 * day });
  });

  it.each([
    ['nothing', undefined],
    ['null', null],
    ['a bare kind', 'modern'],
    ['a modern verdict without its discover answer', { verdict: { kind: 'modern' }, checkedAt: 1 }],
    ['an unknown kind', { verdict: { kind: 'future' }, checkedAt: 1 }],
    ['an undated verdict', { verdict: { kind: 'legacy' } }],
    ['a null verdict', { verdict: null, checkedAt: 1 }],
    ['a verdict that is only its kind', { verdict: 'legacy', checkedAt: 1 }],
    [
      'an unknown kind with a discover answer',
      { verdict: { kind: 'future', discover: {} }, checkedAt: 1 },
    ],
    [
      'a modern verdict with a null discover answer',
      { verdict: { kind: 'modern', discover: null }, checkedAt: 1 },
    ],
  ])('ignores %s in storage, which is not a verdict', (_name, value) => {
    expect(readStoredEra(value)).toBeUndefined();
  });

  it('reads a stored verdict', () => {
    expect(readStoredEra({ verdict: modern, checkedAt: 3 })).toEqual({
      verdict: modern,
      checkedAt: 3,
    });
  });
});
