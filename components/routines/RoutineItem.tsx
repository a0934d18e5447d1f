import { useState } from 'react';
import { isSettled, type RoutineView } from '../../src/routines/routine';
import { describeSchedule } from '../../src/routines/schedule';
import { defaultTimeZone } from './new-routine';
import { RunHistory } from './RunHistory';
import { RunLine } from './RunLine';
import { nextRunWords } from './run-words';
import type { RunsState } from './use-routines';

export interface RoutineItemProps {
  routine: RoutineView;
  /** Its runs while its history is open. */
  runs: RunsState | undefined;
  onRunNow(): void;
  /** Stops its run under way. */
  onStop(): void;
  onPause(paused: boolean): void;
  onEdit(): void;
  onDelete(): void;
  onToggleRuns(): void;
  onOpenChat(chatId: string): void;
}

/** A routine's name and state, when it runs, and how its last run went. */
function RoutineSummary({
  routine,
  onOpenChat,
}: {
  routine: RoutineView;
  onOpenChat(chatId: string): void;
}) {
  const { lastRun } = routine;
  const zone = routine.timeZone === defaultTimeZone() ? '' : ` (${routine.timeZone})`;
  return (
    <>
      <div className="routine-head">
        <strong className="routine-name">{routine.name}</strong>
        {routine.paused ? <span className="label">Paused</span> : null}
      </div>
      <p className="routine-when">
        {describeSchedule(routine.schedule)}
        {zone}
      </p>
      <p className="routine-next">
        Next run: <span>{nextRunWords(routine)}</span>
      </p>
      {lastRun ? (
        <p className="routine-last">
          Last run: <RunLine run={lastRun} onOpenChat={onOpenChat} />
        </p>
      ) : (
        <p className="muted">It has not run yet.</p>
      )}
    </>
  );
}

/** One routine: when it runs, its last run, and what can be done with it. */
export function RoutineItem({ routine, runs, ...on }: RoutineItemProps) {
  const [confirming, setConfirming] = useState(false);
  const { lastRun } = routine;
  const underWay = lastRun !== undefined && !isSettled(lastRun);
  return (
    <li className="routine" aria-label={routine.name}>
      <RoutineSummary routine={routine} onOpenChat={on.onOpenChat} />
      <div className="action-row routine-actions">
        <span className="action-group">
          {underWay ? (
            <button
              type="button"
              className="compact"
              onClick={on.onStop}
              disabled={lastRun.stopRequested}
            >
              Stop
            </button>
          ) : (
            <button type="button" className="compact" onClick={on.onRunNow}>
              Run now
            </button>
          )}
          <button type="button" className="compact" onClick={() => on.onPause(!routine.paused)}>
            {routine.paused ? 'Resume' : 'Pause'}
          </button>
        </span>
        <span className="action-group">
          <button
            type="button"
            className="compact"
            aria-expanded={runs !== undefined}
            onClick={on.onToggleRuns}
          >
            Runs
          </button>
          <button type="button" className="compact" onClick={on.onEdit}>
            Edit
          </button>
          {confirming ? null : (
            <button type="button" className="compact danger" onClick={() => setConfirming(true)}>
              Delete
            </button>
          )}
        </span>
      </div>
      {confirming ? (
        <div className="confirm" role="alertdialog" aria-label={`Delete ${routine.name}?`}>
          <p>
            Delete {routine.name}? It will not run again
            {underWay ? ', and the run under way stops' : ''}.
          </p>
          <button type="button" className="primary danger" onClick={on.onDelete}>
            Delete
          </button>
          <button type="button" onClick={() => setConfirming(false)}>
            Keep
          </button>
        </div>
      ) : null}
      {runs ? <RunHistory name={routine.name} runs={runs} onOpenChat={on.onOpenChat} /> : null}
    </li>
  );
}
