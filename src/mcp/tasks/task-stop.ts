/**
 * Stop in Servers › Running tasks. A task Patchbay follows stops as its call does: the
 * follower sends `tasks/cancel` and the record says so. A task it does not follow now (its
 * server is switched off, so the record waits for it to be switched on) is cancelled over a
 * short-lived connection; when the server cannot be reached or refuses, Patchbay stops
 * following the task and its record says plainly that it may still run there.
 */
import type { TaskRef } from '../../messaging/tasks-contract';
import type { ServerSession } from '../session/server-session';
import { clientCapabilities } from '../sdk-client';
import { withShortLivedConnection } from '../short-lived-connection';
import { cancelToolCall } from '../tool-call';
import type { TaskKeeper } from './task-keeper';
import { isTerminal, type StoredTask } from './task-store';
import { taskWire } from './task-wire';

/** How long the cancel of a task no one follows may take. */
const CANCEL_TIMEOUT_MS = 15_000;

/** Stops the task `ref` names; false when there is none, or it had already ended. */
export async function stopTask(
  keeper: TaskKeeper,
  sessionOf: (serverId: string) => ServerSession | undefined,
  ref: TaskRef,
): Promise<boolean> {
  const record = await keeper.records.get(ref);
  if (!record) return false;
  const session = sessionOf(record.serverId);
  if (session && cancelToolCall(session, ref)) return true;
  if (isTerminal(record.status)) return false;
  const told = session ? await cancelUnfollowed(session, record) : false;
  const name = session?.config.name ?? record.serverName;
  const off = !session?.isEnabled ? `${name} is switched off and ` : `${name} `;
  await keeper.records.update(record, (task) => ({
    ...task,
    status: 'cancelled',
    error: told
      ? `You stopped the task, and ${name} was told.`
      : `You stopped the task, but ${off}could not be told: the task may still run there. Patchbay no longer follows it.`,
  }));
  return true;
}

/** `tasks/cancel` for a task no call follows: on the live connection, or a short-lived one. */
async function cancelUnfollowed(session: ServerSession, record: StoredTask): Promise<boolean> {
  const wire = taskWire(record.era, clientCapabilities(true));
  const options = { timeout: CANCEL_TIMEOUT_MS };
  try {
    if (session.isEnabled)
      await session.withConnection((connection) =>
        wire.cancel(connection.client, record.taskId, options),
      );
    else
      await withShortLivedConnection(session, (connection) =>
        wire.cancel(connection.client, record.taskId, options),
      );
    return true;
  } catch {
    return false;
  }
}
