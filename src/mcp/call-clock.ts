/**
 * One tool call's clocks: the quiet-time limit (progress resets it), the overall deadline, and
 * its progress broadcasts, at most every PROGRESS_INTERVAL_MS. A limit that passes aborts the
 * call with the error that says why.
 */
import { PatchbayError } from '../errors/patchbay-error';
import type { ToolCallPayload } from '../messaging/contract';
import type { ServerSession } from './session/server-session';
import { throttleLatest } from './throttle';

/** Default time a tool call may go without an answer; progress notifications reset the clock. */
export const DEFAULT_TOOL_TIMEOUT_MS = 120_000;
/** The most a tool call may take in all, however much progress it reports. */
export const DEFAULT_TOOL_DEADLINE_MS = 15 * 60_000;
/** Progress broadcasts per call are at most this often; the latest arrives at the end of each. */
const PROGRESS_INTERVAL_MS = 100;

export type CallClock = ReturnType<typeof callClock>;

export function callClock(
  session: ServerSession,
  payload: ToolCallPayload,
  callId: string,
  controller: AbortController,
) {
  const { config, context } = session;
  const timeout = payload.timeoutMs ?? context.toolTimeoutMs ?? DEFAULT_TOOL_TIMEOUT_MS;
  // Progress may reset the timeout, but a server that reports progress forever still meets a
  // deadline.
  const deadline = Math.max(timeout, context.toolDeadlineMs ?? DEFAULT_TOOL_DEADLINE_MS);
  const progress = throttleLatest(
    (update: { progress: number; total?: number; message?: string }) =>
      context.broadcaster.broadcast({
        type: 'mcp/tool/progress',
        payload: { serverId: session.id, callId, ...update },
      }),
    PROGRESS_INTERVAL_MS,
  );
  // The quiet-time limit is Patchbay's own rather than the SDK's: its clock runs only while a
  // request is out, and stops while the server waits for the person to answer a question it
  // asked during the call (a form, a page, a model run), which the SDK's timer cannot know about;
  // the answer starts it afresh (src/mcp/quiet-timer.ts).
  const quiet = () =>
    controller.abort(
      new PatchbayError(
        'timeout',
        `${payload.name} on ${config.name} did not finish within ${formatSeconds(timeout)}.`,
        { retryable: true },
      ),
    );
  // The overall deadline covers every round of a 2026 call that asks for input, and retries.
  const overall = setTimeout(
    () =>
      controller.abort(
        new PatchbayError(
          'timeout',
          `${payload.name} on ${config.name} was still running after ${formatSeconds(deadline)}, the most a tool call may take, so Patchbay stopped waiting.`,
          { retryable: true },
        ),
      ),
    deadline,
  );
  // `overall` is cleared when the call ends, or becomes a task (which has no deadline).
  return { timeout, deadline, progress, quiet, overall };
}

function formatSeconds(milliseconds: number): string {
  const seconds = milliseconds / 1000;
  return `${seconds < 10 ? Number(seconds.toFixed(1)) : Math.round(seconds)} s`;
}
