/**
 * The SDK's Client, able to receive a 2026 task handle. SDK v2's 2026-07-28 codec accepts only
 * `complete` and `input_required` results and turns any other `resultType` into an error that
 * drops the answer, so the Tasks extension's `resultType: "task"` never reaches the caller.
 * This is Patchbay's own seam (the SDK's documented `_onresponse` override point): such an
 * answer is handed on as a complete, empty tool result carrying the task under
 * {@link TASK_HANDLE_META_KEY}, which `task-wire.ts` reads back. Everything else passes untouched.
 */
import type { JSONRPCErrorResponse, JSONRPCResponse } from '@modelcontextprotocol/client';
import { ResultSchemaClient } from '../result-schema-client';

/** Where a task handle travels inside the SDK, from here to `task-wire.ts`. */
export const TASK_HANDLE_META_KEY = 'patchbay/task-handle';

export class TaskHandleClient extends ResultSchemaClient {
  protected override _onresponse(response: JSONRPCResponse | JSONRPCErrorResponse): void {
    super._onresponse(asTaskHandle(response));
  }
}

/** A `resultType: "task"` answer as a complete tool result with the task in `_meta`. */
export function asTaskHandle(
  response: JSONRPCResponse | JSONRPCErrorResponse,
): JSONRPCResponse | JSONRPCErrorResponse {
  if (!('result' in response)) return response;
  const result = response.result as Record<string, unknown>;
  if (result.resultType !== 'task') return response;
  const task = { ...result };
  delete task.resultType;
  return {
    ...response,
    result: { resultType: 'complete', content: [], _meta: { [TASK_HANDLE_META_KEY]: task } },
  };
}
