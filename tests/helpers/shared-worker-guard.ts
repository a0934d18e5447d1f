/**
 * For the suites whose files share one module graph per worker (`isolate: false`, see
 * vitest.config.ts): a test that leaves fake timers on stalls every later file's timers in that
 * worker, IndexedDB's (fake-indexeddb schedules with setImmediate) among them, so some later
 * test hangs, depending on the order files ran in. Checked as each test starts (a test's own
 * teardown, a function its beforeEach returned, runs after every afterEach): the leak fails
 * the test after it, saying so, and the real timers are back.
 */
import { beforeEach, vi } from 'vitest';

beforeEach(() => {
  if (!vi.isFakeTimers()) return;
  vi.useRealTimers();
  throw new Error(
    'The test before this one in this worker left fake timers on; restore them (vi.useRealTimers()) in its teardown.',
  );
});
