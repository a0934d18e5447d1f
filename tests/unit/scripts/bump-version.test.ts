import { describe, expect, it } from 'vitest';
import { nextVersion } from '../../../scripts/bump-version';

describe('the version bump', () => {
  it('bumps one part and resets the smaller ones', () => {
    expect(nextVersion('0.1.0', 'patch')).toBe('0.1.1');
    expect(nextVersion('0.1.9', 'minor')).toBe('0.2.0');
    expect(nextVersion('0.9.3', 'major')).toBe('1.0.0');
  });

  it('takes a later version as given, and refuses an earlier or equal one', () => {
    expect(nextVersion('0.1.0', '0.1.1')).toBe('0.1.1');
    expect(nextVersion('0.1.0', '1.0.0')).toBe('1.0.0');
    expect(nextVersion('1.2.3', '1.10.0')).toBe('1.10.0');
    expect(() => nextVersion('0.2.0', '0.1.9')).toThrow(/not later than 0.2.0/);
    expect(() => nextVersion('0.2.0', '0.2.0')).toThrow(/not later/);
  });

  it('refuses what is not a version', () => {
    expect(() => nextVersion('0.1.0', 'next')).toThrow(/patch, minor, major/);
    expect(() => nextVersion('0.1.0', '1.0')).toThrow(/patch, minor, major/);
    expect(() => nextVersion('beta', 'patch')).toThrow(/not major.minor.patch/);
  });
});
