import type { RunsState } from './use-routines';
import { RunLine } from './RunLine';

/** A routine's recent runs, newest first, as the worker keeps them. */
export function RunHistory({
  name,
  runs,
  onOpenChat,
}: {
  name: string;
  runs: RunsState;
  onOpenChat(chatId: string): void;
}) {
  if (runs === 'loading') return <p className="muted">Reading its runs…</p>;
  if ('error' in runs)
    return (
      <p className="field-error" role="alert">
        {runs.error}
      </p>
    );
  if (runs.runs.length === 0) return <p className="muted">It has not run yet.</p>;
  return (
    <ol className="run-history" aria-label={`Runs of ${name}`}>
      {runs.runs.map((run) => (
        <li key={run.id}>
          <RunLine run={run} onOpenChat={onOpenChat} />
        </li>
      ))}
    </ol>
  );
}
