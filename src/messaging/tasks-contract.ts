/**
 * The message contract for task-augmented tool calls: a call a server runs as a task, polled by
 * the background until it ends. Pages list the tasks, wait for one's result (again after the
 * worker restarted), stop one, and drop a finished one once its result is in the chat.
 */
import { z } from 'zod';
import { callToolResultSchema } from './views';

export const taskStatusSchema = z.enum([
  'working',
  'input_required',
  'completed',
  'failed',
  'cancelled',
]);
export type TaskStatus = z.infer<typeof taskStatusSchema>;

/** One task as pages see it. */
export const taskViewSchema = z.object({
  /** The tool call the task runs for (the chat's tool call id). */
  callId: z.string(),
  serverId: z.string(),
  serverName: z.string(),
  toolName: z.string(),
  /** The server's id for the task. */
  taskId: z.string(),
  /** The chat the call was made in, when a chat made it. */
  chatId: z.string().optional(),
  status: taskStatusSchema,
  /** The server's last words on the task (untrusted, shown as text). */
  statusMessage: z.string().optional(),
  createdAt: z.number(),
  updatedAt: z.number(),
  /** How long the server keeps the task from its creation; null: as long as it likes. */
  ttlMs: z.number().nullable(),
  /** The result, once the task completed. */
  result: callToolResultSchema.optional(),
  /** Why the task failed or was stopped, for people. */
  error: z.string().optional(),
  /** Patchbay's own word on following it meanwhile (it cannot reach the server). */
  note: z.string().optional(),
});
export type TaskView = z.infer<typeof taskViewSchema>;

/**
 * Which task a page means: its call in its chat. Two chats' models may give their calls the same
 * id (scripted and local models often say `call_1`), so a call id alone does not name a task.
 */
export const taskRefSchema = z.object({
  callId: z.string().min(1),
  chatId: z.string().min(1).max(200).optional(),
});
export type TaskRef = z.infer<typeof taskRefSchema>;

/** The one key of a task (its record, its running call): its chat and its call, together. */
export function taskKey(ref: { callId: string; chatId?: string | undefined }): string {
  return JSON.stringify([ref.chatId ?? null, ref.callId]);
}

export const tasksGlobalRequests = {
  /** Every task Patchbay knows of: running ones and finished ones not yet taken into a chat. */
  'mcp/tasks/list': z.undefined().or(z.object({}).strict()),
  /** Waits for a task's result: what a chat asks again after the worker restarted. */
  'mcp/tasks/await': taskRefSchema,
  /** Stops a running task (`tasks/cancel`). */
  'mcp/tasks/cancel': taskRefSchema,
  /** Forgets a finished task: its result is in the chat now. */
  'mcp/tasks/dismiss': taskRefSchema,
} as const;

export const tasksGlobalResults = {
  'mcp/tasks/list': z.object({ tasks: z.array(taskViewSchema) }),
  'mcp/tasks/await': callToolResultSchema,
  'mcp/tasks/cancel': z.object({ cancelled: z.boolean() }),
  'mcp/tasks/dismiss': z.object({ removed: z.boolean() }),
} as const;

export const tasksBroadcasts = [
  /** A task started, moved on, or ended. */
  z.object({ type: z.literal('mcp/task/changed'), payload: z.object({ task: taskViewSchema }) }),
  /** A task was forgotten (its result taken into a chat, or its server removed). */
  z.object({
    type: z.literal('mcp/task/removed'),
    payload: z.object({ callId: z.string(), chatId: z.string().optional() }),
  }),
] as const;
