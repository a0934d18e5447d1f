import { afterEach } from 'vitest';

/**
 * What a test started (servers, harnesses), to stop after it, newest first. Call once at the top
 * of a test file; push a stop function for each thing started.
 */
export function cleanupsAfterEach(): (() => Promise<unknown>)[] {
  const cleanups: (() => Promise<unknown>)[] = [];
  afterEach(async () => {
    while (cleanups.length) await cleanups.pop()?.();
  });
  return cleanups;
}
