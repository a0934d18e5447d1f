import { useServerProblems } from './use-server-problems';

/** How many problems show before the rest are counted. */
const SHOWN = 2;

/**
 * Above the composer: each switched-on server that cannot lend the chat its tools, its problem
 * in a few words and the one button that helps (use-server-problems.ts), and Dismiss. Server
 * names and the worker's sentences are shown as text. A chunk of its own, loaded when a
 * switched-on server is not connected.
 */
export default function ServerProblems(options: Parameters<typeof useServerProblems>[0]) {
  const { problems, busy, error, act, dismiss, openServers } = useServerProblems(options);
  if (problems.length === 0) return null;
  const rest = problems.length - SHOWN;
  return (
    <section className="server-problems" aria-label="Server problems" aria-live="polite">
      <ul>
        {problems.slice(0, SHOWN).map((problem) => (
          <li key={problem.serverId} className="server-problem">
            <p title={problem.detail}>
              <strong>{problem.serverName}</strong> {problem.problem}.
              {problem.detail ? <span className="muted"> {problem.detail}</span> : null}
            </p>
            <button
              type="button"
              disabled={busy.has(problem.serverId)}
              aria-label={`${problem.actionLabel}: ${problem.serverName}`}
              onClick={() => act(problem)}
            >
              {problem.actionLabel}
            </button>
            <button
              type="button"
              className="quiet"
              aria-label={`Dismiss the notice about ${problem.serverName}`}
              onClick={() => dismiss(problem)}
            >
              <span aria-hidden="true">×</span>
            </button>
          </li>
        ))}
      </ul>
      {rest > 0 ? (
        <p className="muted">
          {rest === 1 ? '1 more server has a problem.' : `${rest} more servers have problems.`}{' '}
          {openServers ? (
            <button type="button" className="quiet" onClick={openServers}>
              Open Servers
            </button>
          ) : null}
        </p>
      ) : null}
      {error ? <p role="alert">{error}</p> : null}
    </section>
  );
}
