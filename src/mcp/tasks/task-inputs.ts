/**
 * 2026: a task's `inputRequests`, each answered once through the person (the same handlers as a
 * server's direct questions), then sent back with `tasks/update`. Patchbay answers forms, pages
 * and model runs (`elicitation/create`, `sampling/createMessage`); any other question (one it
 * did not declare it can answer, such as `roots/list`) is left unanswered rather than answered
 * with nothing: an input response carries a result, never an error, and a made-up result would
 * be a lie to the server.
 */
import { createServerRequestHandlers } from '../asks/server-requests';
import type { ServerSession } from '../session/server-session';
import type { TaskSnapshot, TaskWire } from './task-wire';

/** How long `tasks/update` may take. */
const UPDATE_TIMEOUT_MS = 30_000;

const ANSWERED_METHODS = new Set(['elicitation/create', 'sampling/createMessage']);

/**
 * Answers the questions of `snapshot` not answered yet (`answered` keeps their keys), and says
 * which are left unanswered, as a note for the task's record; undefined when none is.
 */
export async function answerInputs(
  session: ServerSession,
  wire: TaskWire,
  snapshot: TaskSnapshot,
  answered: Set<string>,
  signal: AbortSignal,
): Promise<string | undefined> {
  const handlers = createServerRequestHandlers(session.context.asks, {
    id: session.id,
    name: session.config.name,
    url: session.config.url,
    samplingEnabled: () => session.samplingEnabled,
  });
  const responses: Record<string, unknown> = {};
  const refused = new Set<string>();
  for (const [key, input] of Object.entries(snapshot.inputRequests ?? {})) {
    if (!ANSWERED_METHODS.has(input.method)) {
      refused.add(input.method);
      continue;
    }
    if (answered.has(key)) continue;
    answered.add(key);
    responses[key] =
      input.method === 'elicitation/create'
        ? await handlers.elicit(input.params as never, signal)
        : await handlers.sample(input.params as never, signal);
  }
  if (Object.keys(responses).length > 0)
    await session.withConnection((connection) =>
      wire.update(connection.client, snapshot.taskId, responses, {
        signal,
        timeout: UPDATE_TIMEOUT_MS,
      }),
    );
  if (refused.size === 0) return undefined;
  // The method names are the server's words: cut short, shown as text.
  const methods = [...refused].map((method) => method.slice(0, 80)).join(', ');
  return `${session.config.name} asks for ${methods}, which Patchbay does not answer; the task waits on it and may not finish.`;
}
