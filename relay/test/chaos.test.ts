/**
 * Failures survived (a reduced run of relay/test/chaos/run.ts; the full one is a bench row):
 * three instances behind a round-robin proxy keep serving clients of every transport while an
 * instance is killed, Redis restarts, the browser's socket drops and the browser's instance is
 * taken for gone while it lives (its key lapsed). No call hangs past its
 * deadline (15 s, as in the bench) and none is answered twice; failed calls carry a clear error; while Redis is away
 * each instance says so in /health and keeps serving its own browser.
 */
import { expect, it } from 'vitest';
import { runChaos } from './chaos/run.js';

it('survives a killed instance, a Redis restart, a dropped browser and a live instance taken for gone: no call hangs or is answered twice', async () => {
  // Presence lasts 3 s here (1 s in the bench): the suite runs beside the browser suites, and
  // under that load a relay process can wait over a second for a core, and be taken for gone.
  const report = await runChaos({
    clients: 18,
    calls: 60,
    callTimeoutMs: 15_000,
    backoffMs: 50,
    presenceTtlS: 3,
  });
  console.info(JSON.stringify(report, null, 2));
  expect(report.calls).toBe(18 * 60);
  expect(report.events.map((event) => event.hung)).toEqual([0, 0, 0, 0, 0]);
  expect(report.duplicates).toBe(0);
  // Nothing failed before the first event; every failure said why.
  expect(report.events[0]!.failed).toBe(0);
  for (const event of report.events)
    for (const error of Object.keys(event.errors)) expect(error).toMatch(/: \S.{8,}/);
  expect(report.healthWhileRedisAway).toEqual(['unavailable', 'unavailable']);
  expect(report.localCallWhileRedisAway).toBe(true);
  // The run's length is the machine's (18 clients and three instances share two cores with the
  // other suites); what is asserted is each call's own deadline, above.
}, 180_000);
