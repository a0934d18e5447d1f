/**
 * The task requests of both protocol eras, as one interface. SDK v2 carries the task wire types
 * but no task runtime ("Task methods are 2025-11-25 wire vocabulary with no SDK runtime"), so
 * this is Patchbay's own: it sends through the SDK's `client.request` with result schemas (the
 * SDK era-gates them: `tasks/get` and `tasks/cancel` pass on a 2026 connection as the Tasks
 * extension's reuse of the names) and reads the answers into one {@link TaskSnapshot}.
 *
 * - 2025-11-25 (`legacy`): `tools/call` with a `task` parameter answers `{ task }`; `tasks/get`
 *   answers the task; `tasks/result` blocks until it ends and carries the server's questions
 *   (elicitation) on the way; `tasks/cancel`.
 * - 2026-07-28 (`modern`, extension `io.modelcontextprotocol/tasks`): the client declares the
 *   extension in the request's capabilities and the server may answer `resultType: "task"`;
 *   `tasks/get` carries the result, the error or the questions (`inputRequests`), answered with
 *   `tasks/update`; `tasks/cancel`.
 */
import {
  CLIENT_CAPABILITIES_META_KEY,
  type Client,
  type ClientCapabilities,
  type RequestOptions,
} from '@modelcontextprotocol/client';
import { z } from 'zod';
import { callToolResultSchema, type CallToolResultView } from '../../messaging/views';
import { taskStatusSchema, type TaskStatus } from '../../messaging/tasks-contract';
import { TASK_HANDLE_META_KEY } from './task-handle-client';

export const TASKS_EXTENSION_ID = 'io.modelcontextprotocol/tasks';

/** How long Patchbay asks a 2025-era server to keep a task: an hour. */
export const REQUESTED_TTL_MS = 60 * 60_000;

export type TaskEra = 'legacy' | 'modern';

/** One server-to-client request a 2026 task waits on (MRTR `inputRequests`). */
export interface TaskInputRequest {
  method: string;
  params?: Record<string, unknown>;
}

/** A task as one answer showed it, in either era. */
export interface TaskSnapshot {
  taskId: string;
  status: TaskStatus;
  statusMessage?: string;
  pollIntervalMs?: number;
  ttlMs: number | null;
  createdAt?: string;
  /** 2026: the result, with `completed`. */
  result?: CallToolResultView;
  /** 2026: the JSON-RPC error's message, with `failed`. */
  error?: string;
  /** 2026: what the server waits on, with `input_required`. */
  inputRequests?: Record<string, TaskInputRequest>;
}

export type StartOutcome =
  { kind: 'task'; task: TaskSnapshot } | { kind: 'result'; result: CallToolResultView };

const legacyTaskSchema = z
  .object({
    taskId: z.string().min(1),
    status: taskStatusSchema,
    statusMessage: z.string().optional(),
    pollInterval: z.number().optional(),
    ttl: z.number().nullable().optional(),
    createdAt: z.string().optional(),
  })
  .loose();

const modernTaskSchema = z
  .object({
    taskId: z.string().min(1),
    status: taskStatusSchema,
    statusMessage: z.string().optional(),
    pollIntervalMs: z.number().optional(),
    ttlMs: z.number().nullable().optional(),
    createdAt: z.string().optional(),
    result: callToolResultSchema.optional(),
    error: z.object({ message: z.string().optional() }).loose().optional(),
    inputRequests: z
      .record(
        z.string(),
        z.object({ method: z.string(), params: z.record(z.string(), z.unknown()).optional() }),
      )
      .optional(),
  })
  .loose();

const legacyStartSchema = z.union([
  z.object({ task: legacyTaskSchema }).loose(),
  callToolResultSchema,
]);
const modernStartSchema = callToolResultSchema;
const emptySchema = z.object({}).loose();

function fromLegacy(task: z.infer<typeof legacyTaskSchema>): TaskSnapshot {
  return {
    taskId: task.taskId,
    status: task.status,
    ...(task.statusMessage ? { statusMessage: task.statusMessage } : {}),
    ...(task.pollInterval !== undefined ? { pollIntervalMs: task.pollInterval } : {}),
    ttlMs: task.ttl ?? null,
    ...(task.createdAt ? { createdAt: task.createdAt } : {}),
  };
}

function fromModern(task: z.infer<typeof modernTaskSchema>): TaskSnapshot {
  return {
    taskId: task.taskId,
    status: task.status,
    ...(task.statusMessage ? { statusMessage: task.statusMessage } : {}),
    ...(task.pollIntervalMs !== undefined ? { pollIntervalMs: task.pollIntervalMs } : {}),
    ttlMs: task.ttlMs ?? null,
    ...(task.createdAt ? { createdAt: task.createdAt } : {}),
    ...(task.result ? { result: task.result } : {}),
    ...(task.status === 'failed'
      ? { error: task.error?.message ?? 'The server reported the task failed.' }
      : {}),
    ...(task.inputRequests ? { inputRequests: task.inputRequests } : {}),
  };
}

/** The task requests of one era, on a connected SDK client. */
export interface TaskWire {
  readonly era: TaskEra;
  start(
    client: Client,
    call: { name: string; arguments: Record<string, unknown> },
    options: RequestOptions,
  ): Promise<StartOutcome>;
  get(client: Client, taskId: string, options: RequestOptions): Promise<TaskSnapshot>;
  /** 2025: the result, waiting for the task to end (the server's questions arrive meanwhile). */
  result(client: Client, taskId: string, options: RequestOptions): Promise<CallToolResultView>;
  cancel(client: Client, taskId: string, options: RequestOptions): Promise<void>;
  /** 2026: answers to the server's `inputRequests`. */
  update(
    client: Client,
    taskId: string,
    inputResponses: Record<string, unknown>,
    options: RequestOptions,
  ): Promise<void>;
}

const legacyWire: TaskWire = {
  era: 'legacy',
  async start(client, call, options) {
    const answer = await client.request(
      {
        method: 'tools/call',
        params: { ...call, task: { ttl: REQUESTED_TTL_MS } },
      },
      legacyStartSchema,
      options,
    );
    return 'task' in answer && typeof answer.task === 'object'
      ? { kind: 'task', task: fromLegacy(legacyTaskSchema.parse(answer.task)) }
      : { kind: 'result', result: callToolResultSchema.parse(answer) };
  },
  async get(client, taskId, options) {
    return fromLegacy(
      await client.request({ method: 'tasks/get', params: { taskId } }, legacyTaskSchema, options),
    );
  },
  async result(client, taskId, options) {
    return client.request(
      { method: 'tasks/result', params: { taskId } },
      callToolResultSchema,
      options,
    );
  },
  async cancel(client, taskId, options) {
    await client.request({ method: 'tasks/cancel', params: { taskId } }, emptySchema, options);
  },
  update() {
    return Promise.reject(new Error('A 2025-era task takes its answers through tasks/result.'));
  },
};

/** The modern wire declares the extension in each request's capabilities (theirs plus ours). */
function modernWire(capabilities: ClientCapabilities): TaskWire {
  const withTasks = {
    ...capabilities,
    extensions: { ...capabilities.extensions, [TASKS_EXTENSION_ID]: {} },
  };
  const meta = { [CLIENT_CAPABILITIES_META_KEY]: withTasks };
  return {
    era: 'modern',
    async start(client, call, options) {
      const answer = await client.request(
        { method: 'tools/call', params: { ...call, _meta: meta } },
        modernStartSchema,
        options,
      );
      const handle = (answer._meta as Record<string, unknown> | undefined)?.[TASK_HANDLE_META_KEY];
      return handle === undefined
        ? { kind: 'result', result: answer }
        : { kind: 'task', task: fromModern(modernTaskSchema.parse(handle)) };
    },
    async get(client, taskId, options) {
      return fromModern(
        await client.request(
          { method: 'tasks/get', params: { taskId, _meta: meta } },
          modernTaskSchema,
          options,
        ),
      );
    },
    result() {
      return Promise.reject(new Error('A 2026 task carries its result in tasks/get.'));
    },
    async cancel(client, taskId, options) {
      await client.request(
        { method: 'tasks/cancel', params: { taskId, _meta: meta } },
        emptySchema,
        options,
      );
    },
    async update(client, taskId, inputResponses, options) {
      await client.request(
        { method: 'tasks/update', params: { taskId, inputResponses, _meta: meta } },
        emptySchema,
        options,
      );
    },
  };
}

/** The wire for an era; the modern one needs the capabilities the client declares. */
export function taskWire(era: TaskEra, capabilities: ClientCapabilities): TaskWire {
  return era === 'legacy' ? legacyWire : modernWire(capabilities);
}
