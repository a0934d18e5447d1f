/**
 * Whether a tool call goes as a task, and in which era's words: a 2025-era server marks a tool
 * that takes tasks (`execution.taskSupport` `optional` or `required`); a 2026-07-28 server that
 * offers the Tasks extension may make a task of any call that declares it.
 */
import type { Connection } from '../connection-types';
import type { ServerSession } from '../session/server-session';
import { TASKS_EXTENSION_ID, type TaskEra } from './task-wire';

export function taskEraFor(
  session: ServerSession,
  connection: Connection,
  toolName: string,
): TaskEra | undefined {
  if (connection.era.kind === 'modern') {
    const extensions = connection.capabilities?.extensions as Record<string, unknown> | undefined;
    return extensions?.[TASKS_EXTENSION_ID] ? 'modern' : undefined;
  }
  const tool = session.toolCache.tools?.find((listed) => listed.name === toolName);
  const support = tool?.execution?.taskSupport;
  return support === 'optional' || support === 'required' ? 'legacy' : undefined;
}
