import type { RoutineRun } from '../../src/routines/routine';
import { formatRunTime } from '../../src/routines/run-time';
import { outcomeWords, usageWords } from './run-words';

/** One run in a line: when it started, how it stands or ended, its tokens, and its chat. */
export function RunLine({
  run,
  onOpenChat,
}: {
  run: RoutineRun;
  onOpenChat(chatId: string): void;
}) {
  return (
    <span className="run-line" data-outcome={run.outcome}>
      <time dateTime={new Date(run.startedAt).toISOString()}>{formatRunTime(run.startedAt)}</time>
      {run.manual ? <span className="muted"> (run now)</span> : null}
      <span className="run-outcome">{outcomeWords(run)}</span>
      {run.usage ? <span className="muted">{usageWords(run.usage)}</span> : null}
      <button type="button" className="quiet" onClick={() => onOpenChat(run.chatId)}>
        Open chat
      </button>
    </span>
  );
}
