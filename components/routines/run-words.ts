import type { RoutineRun, RoutineView, RunUsage } from '../../src/routines/routine';
import { formatRunTime } from '../../src/routines/run-time';

/** How a run stands or ended, in words: "Waiting for you: post_page on Notion". */
export function outcomeWords(
  run: Pick<RoutineRun, 'outcome' | 'reason' | 'waitingFor' | 'stopRequested'>,
): string {
  switch (run.outcome) {
    case 'running':
      return run.stopRequested ? 'Stopping…' : 'Running';
    case 'waiting':
      return run.waitingFor ? `Waiting for you: ${run.waitingFor}` : 'Waiting for you';
    case 'done':
      return 'Done';
    case 'failed':
      return run.reason ? `Failed: ${run.reason}` : 'Failed';
    case 'timed-out':
      return run.reason ? `Timed out: ${run.reason}` : 'Timed out: nobody answered in time';
    case 'stopped':
      return 'Stopped by you';
  }
}

/** "1200 tokens in, 300 out". */
export function usageWords(usage: RunUsage): string {
  const count = (tokens: number) => tokens.toLocaleString();
  return `${count(usage.inputTokens)} tokens in, ${count(usage.outputTokens)} out`;
}

/** When the routine runs next: a time, or "Paused". */
export function nextRunWords(routine: Pick<RoutineView, 'paused' | 'nextRunAt'>): string {
  if (routine.paused) return 'Paused';
  return routine.nextRunAt === null ? 'Not scheduled' : formatRunTime(routine.nextRunAt);
}
