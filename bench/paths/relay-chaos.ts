/**
 * The relay under failures, full size (relay/test/chaos/run.ts; the relay test suite runs it
 * small): clients of every transport through a round-robin proxy to three instances while one
 * is killed, Redis restarts, the browser's socket drops and the browser's instance is taken for gone while it lives. One row per event and figure:
 * calls failed, calls hung past their deadline (goal 0), time until the survivors serve again,
 * and, for the whole run, requests answered twice (goal 0).
 */
import { runChaos } from '../../relay/test/chaos/run';
import type { Row } from '../lib/stats';

export async function measureRelayChaos(load: { clients: number; calls: number }): Promise<Row[]> {
  const report = await runChaos({
    ...load,
    callTimeoutMs: 15_000,
    backoffMs: 100,
    redisAwayMs: 1_500,
  });
  const label = `${load.clients} clients × ${load.calls} calls`;
  const rows: Row[] = [];
  for (const event of report.events.slice(1)) {
    rows.push(
      {
        measure: `Relay chaos (${label}): ${event.event}: calls failed`,
        value: event.failed,
        unit: 'calls',
        note: `of ${event.calls} ending before the next event; ${Object.entries(event.errors)
          .sort((a, b) => b[1] - a[1])
          .slice(0, 3)
          .map(([error, count]) => `${count}× ${error}`)
          .join('; ')}`,
      },
      {
        measure: `Relay chaos (${label}): ${event.event}: calls hung past 15 s`,
        value: event.hung,
        unit: 'calls',
        ceiling: 0,
      },
      {
        measure: `Relay chaos (${label}): ${event.event}: until the survivors serve again`,
        value: event.servingAgainMs,
        unit: 'ms',
      },
    );
  }
  rows.push({
    measure: `Relay chaos (${label}): requests answered twice`,
    value: report.duplicates,
    unit: 'calls',
    ceiling: 0,
    note: `${report.calls} calls; Redis away ${Math.round(report.redisAwayMs)} ms (each instance's /health said ${report.healthWhileRedisAway.join(', ')}; a call straight to the browser's instance ${report.localCallWhileRedisAway ? 'was answered' : 'failed'}).`,
  });
  return rows;
}
