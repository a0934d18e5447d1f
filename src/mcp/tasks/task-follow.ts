/**
 * Follows one task to its end: polls `tasks/get` at the server's interval, keeps the record
 * (status, message) up to date for the pages, lets the server's questions reach the person, and
 * returns the result or throws why there is none. Stopping it (the signal) cancels the task on
 * the server.
 */
import { ProtocolError } from '@modelcontextprotocol/client';
import { PatchbayError } from '../../errors/patchbay-error';
import type { CallToolResultView } from '../../messaging/views';
import { leavesConnectionUp, toConnectionError } from '../classify-error';
import type { ServerSession } from '../session/server-session';
import { clientCapabilities } from '../sdk-client';
import { isTerminal, type StoredTask, type TaskStore } from './task-store';
import { answerInputs } from './task-inputs';
import { pause, pollDelay } from './task-schedule';
import { taskWire, type TaskSnapshot, type TaskWire } from './task-wire';

/** How long one task request may take; a 2025 `tasks/result` waits for the task itself. */
const REQUEST_TIMEOUT_MS = 30_000;
/** `tasks/result` (2025) waits for the task to end: as long as the task may live. */
const RESULT_TIMEOUT_MS = 24 * 60 * 60_000;
/** The longest Patchbay follows a task whose server gives it no time to live. */
const LONGEST_TASK_MS = 24 * 60 * 60_000;
/** The most of a server's status message kept (it is shown, and stored with every change). */
const MAX_STATUS_MESSAGE = 500;
/** The largest result kept with its record for a chat to take in later (storage is shared). */
const MAX_KEPT_RESULT = 512 * 1024;

export interface FollowOptions {
  session: ServerSession;
  store: TaskStore;
  task: StoredTask;
  signal: AbortSignal;
  /** The answer that created the task, when it was just created. */
  first?: TaskSnapshot;
  /** Told after every poll (the keeper keeps its wake-up alarm from it). */
  onPoll?: (delayMs: number) => void;
}

export async function followTask(options: FollowOptions): Promise<CallToolResultView> {
  const { session, store, signal } = options;
  const wire = taskWire(options.task.era, clientCapabilities(true));
  const { taskId } = options.task;
  let snapshot = options.first;
  /** Polls in a row that did not reach the server; the note says so while there are any. */
  let failures = 0;
  const note = noteKeeper(options);
  let waitingResult: Promise<CallToolResultView> | undefined;
  const answered = new Set<string>();
  const request = { signal, timeout: REQUEST_TIMEOUT_MS };
  const endsBy = options.task.createdAt + (options.task.ttlMs ?? LONGEST_TASK_MS);
  let saved = '';
  try {
    for (;;) {
      if (snapshot) {
        const seen = snapshot;
        const statusMessage = seen.statusMessage?.slice(0, MAX_STATUS_MESSAGE);
        // Written (and told to the pages) only when something changed: polls are frequent.
        const state = JSON.stringify([seen.status, statusMessage, seen.pollIntervalMs, seen.ttlMs]);
        if (state !== saved) {
          saved = state;
          await store.update(options.task, (task) => ({
            ...task,
            status: seen.status,
            ...(statusMessage !== undefined ? { statusMessage } : {}),
            ...(seen.pollIntervalMs !== undefined ? { pollIntervalMs: seen.pollIntervalMs } : {}),
            ttlMs: seen.ttlMs,
          }));
        }
        if (seen.status === 'input_required' && wire.era === 'legacy') {
          // 2025: the server's questions come on the `tasks/result` stream, through the
          // connection's elicitation handler (the ask broker); it then waits for the end.
          if (!waitingResult) {
            const waiting = session.withConnection((connection) =>
              wire.result(connection.client, taskId, { signal, timeout: RESULT_TIMEOUT_MS }),
            );
            waitingResult = waiting;
            // A stream that broke (offline, a lost connection) is not the task's end: the next
            // poll that finds it waiting asks again, and its end asks for the result afresh.
            waiting.catch(() => {
              if (waitingResult === waiting) waitingResult = undefined;
            });
          }
        } else {
          // 2026: the task's questions, answered through the person. One Patchbay does not
          // answer is left unanswered, and the task says so until the server moves on.
          const refused =
            seen.status === 'input_required'
              ? await answerInputs(session, wire, seen, answered, signal)
              : undefined;
          await note.set(refused);
        }
        if (isTerminal(seen.status)) break;
      }
      // A task past its time to live (or a day, given none) is not followed for ever.
      if (Date.now() > endsBy)
        throw new PatchbayError(
          'timeout',
          `The task ${options.task.toolName} ran past the time ${session.config.name} gave it, so Patchbay stopped following it.`,
        );
      const delay = pollDelay(snapshot?.pollIntervalMs ?? options.task.pollIntervalMs, failures);
      options.onPoll?.(delay);
      await pause(delay, signal);
      try {
        snapshot = await session.withConnection((connection) =>
          wire.get(connection.client, taskId, request),
        );
        if (failures) await note.set(undefined);
        failures = 0;
      } catch (error) {
        // The server answered that it cannot say (it forgot the task): no use asking again.
        // Not reaching it (offline, the server or Patchbay's worker restarting) ends nothing:
        // the task may well run on there, so it is asked about again, a little later each
        // time, for as long as it may live.
        if (signal.aborted || serverAnswered(error)) throw error;
        failures += 1;
        snapshot = undefined;
        await note.set(
          `Can't reach ${session.config.name} right now; Patchbay is still following the task.`,
        );
      }
    }
    return await finish(options, wire, snapshot, waitingResult, request);
  } catch (error) {
    // Stopped by the person: the server hears it. Stopped otherwise (the server switched off,
    // Patchbay closing), the task goes on there and the record stays, to be followed again.
    if (signal.aborted && isStop(signal.reason)) await cancelOnServer(options, wire);
    else if (!signal.aborted) await lostTrack(options, error);
    throw error;
  }
}

/**
 * Whether a failed request got an answer from the server (a JSON-RPC error: it does not know
 * the task, or cannot say; or an answer that is not one), rather than not reaching it. A
 * connection that could not be opened (offline, signed out) is not an answer.
 */
function serverAnswered(error: unknown): boolean {
  if (ProtocolError.isInstance(error)) return true;
  if (PatchbayError.isInstance(error)) return false;
  return leavesConnectionUp(error, toConnectionError(error));
}

/** Patchbay's own note on the task's record (not the server's words), written when it changes. */
function noteKeeper(options: FollowOptions) {
  let shown: string | undefined;
  return {
    async set(note: string | undefined): Promise<void> {
      if (note === shown) return;
      shown = note;
      await options.store.update(options.task, (stored) => {
        const next = { ...stored };
        if (note === undefined) delete next.note;
        else next.note = note;
        return next;
      });
    },
  };
}

/** The result of a task that ended, saved with its record. */
async function finish(
  options: FollowOptions,
  wire: TaskWire,
  snapshot: TaskSnapshot,
  waitingResult: Promise<CallToolResultView> | undefined,
  request: { signal: AbortSignal; timeout: number },
): Promise<CallToolResultView> {
  const { session, store, task } = options;
  const { name } = session.config;
  if (snapshot.status === 'completed') {
    const result =
      wire.era === 'modern'
        ? (snapshot.result ?? { content: [] })
        : await legacyResult(waitingResult, () =>
            session.withConnection((connection) =>
              wire.result(connection.client, task.taskId, request),
            ),
          );
    // Kept for a chat to take in later, unless too large for the storage every server shares;
    // the caller has it either way, and a failed write never costs it the result.
    const kept = JSON.stringify(result).length <= MAX_KEPT_RESULT ? result : tooLargeToKeep();
    await store
      .update(task, (stored) => ({ ...stored, status: 'completed', result: kept }))
      .catch(() => undefined);
    return result;
  }
  const error =
    snapshot.status === 'cancelled'
      ? new PatchbayError('cancelled', `${name} cancelled the task ${task.toolName} ran.`)
      : new PatchbayError(
          'tool-failed',
          `The task ${task.toolName} ran on ${name} failed: ${snapshot.error ?? snapshot.statusMessage ?? 'no reason given'}.`,
        );
  await store.update(task, (stored) => ({ ...stored, error: error.message }));
  throw error;
}

/**
 * 2025: the result of a completed task, from the `tasks/result` stream already open when it
 * was waiting for input; a stream that failed (its failure is stale now that the task ended)
 * gives way to a fresh request.
 */
async function legacyResult(
  waiting: Promise<CallToolResultView> | undefined,
  fresh: () => Promise<CallToolResultView>,
): Promise<CallToolResultView> {
  if (waiting) {
    try {
      return await waiting;
    } catch {
      // Asked again below.
    }
  }
  return fresh();
}

/** The server stopped answering about the task (or answered nonsense): it ends here as failed. */
async function lostTrack(options: FollowOptions, error: unknown): Promise<void> {
  const { store, task, session } = options;
  const reason = error instanceof Error ? error.message : String(error);
  await store.update(task, (stored) =>
    isTerminal(stored.status)
      ? stored
      : {
          ...stored,
          status: 'failed',
          error: `Patchbay lost track of the task on ${session.config.name}: ${reason}`,
        },
  );
}

/**
 * The cause a call's abort carries when the person stopped it (Stop in the chat or the list),
 * as opposed to its server being switched off or Patchbay closing its connections.
 */
export const STOPPED_BY_PERSON = Symbol('stopped by the person');
/** The cause when the caller let go of the call (its chat closed): the task goes on. */
export const LET_GO = Symbol('let go by the caller');

export function wasLetGo(reason: unknown): boolean {
  return PatchbayError.isInstance(reason) && reason.details.cause === LET_GO;
}

function isStop(reason: unknown): boolean {
  return PatchbayError.isInstance(reason) && reason.details.cause === STOPPED_BY_PERSON;
}

/** Stopped by the person: `tasks/cancel`, and the record says so (best effort). */
async function cancelOnServer(options: FollowOptions, wire: TaskWire): Promise<void> {
  const { session, store, task } = options;
  const reason = options.signal.reason as unknown;
  try {
    await session.withConnection((connection) =>
      wire.cancel(connection.client, task.taskId, { timeout: REQUEST_TIMEOUT_MS }),
    );
  } catch {
    // The server may have forgotten the task or be gone; the call is stopped here either way.
  }
  await store.update(task, (stored) => ({
    ...stored,
    status: 'cancelled',
    error: PatchbayError.isInstance(reason) ? reason.message : 'The task was stopped.',
  }));
}

/** What a chat finds later of a result too large to keep. */
function tooLargeToKeep(): CallToolResultView {
  return {
    content: [
      {
        type: 'text',
        text: `The task's result was larger than Patchbay keeps (${MAX_KEPT_RESULT / 1024} KB) while the panel is closed; run the tool again with the panel open to see it.`,
      },
    ],
    isError: true,
  };
}
