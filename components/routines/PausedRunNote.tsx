import { formatRunTime } from '../../src/routines/run-time';
import type { PausedRun } from './use-run-settle';

/** Above a routine run's chat while it waits: whose run it is and until when it waits. */
export function PausedRunNote({ run }: { run: PausedRun }) {
  const until = run.answerBy === undefined ? '' : ` (ends at ${formatRunTime(run.answerBy)})`;
  return (
    <p className="paused-run" role="status">
      {run.routineName ?? 'A routine'} paused here for your answer{until}
    </p>
  );
}
