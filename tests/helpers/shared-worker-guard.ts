/**
 * For the suites whose files share one module graph per worker (`isolate: false`, see
 * vitest.config.ts): a test that leaves fake timers on stalls every later file's timers in that
 * worker, IndexedDB's (fake-indexeddb schedules with setImmediate) among them, so some later
 * test hangs, depending on the order files ran in. Such a test fails here, named, and the real
 * timers are back for the next.
 */
import { afterEach, vi } from 'vitest';

afterEach(() => {
  if (!vi.isFakeTimers()) return;
  vi.useRealTimers();
  throw new Error(
    'This test left fake timers on; restore them (vi.useRealTimers()) in an afterEach that covers it.',
  );
});
