import { describe, expect, it } from 'vitest';
import { RetryPresets, retryDelay } from '../../../src/mcp/retry';

describe('retryDelay', () => {
  it('backs off exponentially up to the preset’s limits', () => {
    expect([0, 1, 2, 3].map((attempt) => retryDelay(RetryPresets.Standard, attempt))).toEqual([
      1000,
      2000,
      4000,
      undefined,
    ]);
    expect([0, 1, 2].map((attempt) => retryDelay(RetryPresets.Quick, attempt))).toEqual([
      500,
      1000,
      undefined,
    ]);
    expect(
      retryDelay({ maxRetries: 10, initialDelay: 1000, maxDelay: 10000, backoffMultiplier: 2 }, 6),
    ).toBe(10000);
  });
});
