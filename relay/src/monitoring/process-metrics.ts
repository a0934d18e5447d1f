/**
 * The relay process's own costs for `/metrics`: CPU time (the conventional
 * `process_cpu_seconds_total`, from `process.cpuUsage()`) and how late its event loop runs
 * (`patchbay_relay_event_loop_delay_seconds`, from Node's `monitorEventLoopDelay`): a loop that
 * stalls delays every message of every client at once, which is where tail latency goes first.
 */
import { monitorEventLoopDelay } from 'node:perf_hooks';
import type { RelayMetrics } from './metrics.js';

export function processMetrics(metrics: RelayMetrics): () => void {
  const delay = monitorEventLoopDelay({ resolution: 10 });
  delay.enable();
  metrics.counterOf(
    'process_cpu_seconds_total',
    'Total user and system CPU time spent by the relay process, in seconds.',
    () => {
      const { user, system } = process.cpuUsage();
      return (user + system) / 1e6;
    },
  );
  metrics.gauge(
    'patchbay_relay_event_loop_delay_seconds',
    'How late the event loop ran since the relay started (sampled every 10 ms), by quantile (0.5, 0.99, 1 for the most).',
    () => [
      { labels: { quantile: '0.5' }, value: delay.percentile(50) / 1e9 },
      { labels: { quantile: '0.99' }, value: delay.percentile(99) / 1e9 },
      { labels: { quantile: '1' }, value: delay.max / 1e9 },
    ],
  );
  return () => delay.disable();
}
