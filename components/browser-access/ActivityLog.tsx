import type { ActivityEntry } from '../../src/messaging/browser-access-contract';

const OUTCOME_LABELS: Record<ActivityEntry['outcome'], { label: string; tone: string }> = {
  ok: { label: 'Done', tone: 'good' },
  error: { label: 'Failed', tone: 'bad' },
  denied: { label: 'Denied', tone: 'warn' },
  blocked: { label: 'Blocked', tone: 'bad' },
  refused: { label: 'Refused', tone: 'warn' },
};

/** External clients' calls, newest first: who, what, with what, how it ended, when. */
export function ActivityLog({
  entries,
  onClear,
}: {
  entries: readonly ActivityEntry[];
  onClear(): void;
}) {
  if (!entries.length) return <p className="muted">No external client has called a tool yet.</p>;
  return (
    <>
      <ol className="activity-log" aria-label="Activity">
        {entries.map((entry) => {
          const outcome = OUTCOME_LABELS[entry.outcome];
          return (
            <li key={entry.id} className="activity-entry" data-outcome={entry.outcome}>
              <div className="activity-head">
                <time dateTime={new Date(entry.time).toISOString()}>
                  {new Date(entry.time).toLocaleTimeString()}
                </time>
                <strong>{entry.clientName}</strong>
                <code>{entry.tool}</code>
                <span className={`badge badge-${outcome.tone}`}>{outcome.label}</span>
                {entry.durationMs !== undefined ? (
                  <span className="muted">{Math.round(entry.durationMs)} ms</span>
                ) : null}
              </div>
              {entry.summary ? <p className="activity-summary">{entry.summary}</p> : null}
              {entry.detail ? <p className="muted">{entry.detail}</p> : null}
            </li>
          );
        })}
      </ol>
      <button type="button" className="quiet" onClick={onClear}>
        Clear the activity log
      </button>
    </>
  );
}
