/**
 * Whether a tool call goes as a task, and in which era's words: a 2025-era server that says it
 * takes tool calls as tasks (`capabilities.tasks.requests.tools.call`) and marks the tool as
 * one that does (`execution.taskSupport` `optional` or `required`); a 2026-07-28 server that
 * offers the Tasks extension may make a task of any call that declares it.
 */
import type { Connection } from '../connection-types';
import { listAllTools } from '../list-tools';
import type { ServerSession } from '../session/server-session';
import { TASKS_EXTENSION_ID, type TaskEra } from './task-wire';

export async function taskEraFor(
  session: Pick<ServerSession, 'toolCache'>,
  connection: Pick<Connection, 'era' | 'capabilities' | 'client'>,
  toolName: string,
): Promise<TaskEra | undefined> {
  if (connection.era.kind === 'modern') {
    const extensions = connection.capabilities?.extensions as Record<string, unknown> | undefined;
    return extensions?.[TASKS_EXTENSION_ID] ? 'modern' : undefined;
  }
  // A task-augmented request to a server that did not say it takes them would be refused.
  if (!connection.capabilities?.tasks?.requests?.tools?.call) return undefined;
  // A call that opens the connection goes before its tool list: it asks for the list itself,
  // or a tool that runs only as a task would be called plainly and refused.
  const tools = session.toolCache.tools ?? (await listAllTools(connection)).tools;
  const support = tools.find((listed) => listed.name === toolName)?.execution?.taskSupport;
  return support === 'optional' || support === 'required' ? 'legacy' : undefined;
}
