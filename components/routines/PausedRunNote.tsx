import { formatRunTime } from '../../src/routines/run-time';
import type { RunInChat } from './use-run-hand-back';

/** Above a routine run's chat: whose run it is, and whether it waits here or goes on. */
export function PausedRunNote({ run, failed }: { run: RunInChat; failed?: boolean }) {
  const name = run.routineName ?? 'A routine';
  if (failed) {
    return (
      <p className="paused-run" role="alert">
        Patchbay could not hand your answer back to {name}; it ends when its answer time is up.
      </p>
    );
  }
  if (run.state === 'running') {
    return (
      <p className="paused-run" role="status">
        {name} goes on in the background; its answer appears here when it is done.
      </p>
    );
  }
  const until = run.answerBy === undefined ? '' : ` (ends at ${formatRunTime(run.answerBy)})`;
  return (
    <p className="paused-run" role="status">
      {name} paused here for your answer{until}
    </p>
  );
}
