import { dynamicTool, jsonSchema, type ToolSet } from 'ai';
import { RequestError, type PatchbayClient } from '../messaging/client';
import type { CallToolResultView, ToolView } from '../messaging/contract';
import type { TaskRef } from '../messaging/tasks-contract';
import { createToolNameMap, type ToolNameMap } from './tool-names';
import { toModelToolOutput } from './tool-result';
import { prepareToolSchema, WRAPPED_INPUT_KEY } from './tool-schema';

/** Whether the abort now under way is the person's Stop (the chat session runs it through it). */
export function createStopIntent() {
  let byPerson = false;
  return {
    get byPerson() {
      return byPerson;
    },
    /** Runs `stop` as the person's Stop: the aborts it causes cancel the calls. */
    asPerson(stop: () => void) {
      byPerson = true;
      try {
        stop();
      } finally {
        byPerson = false;
      }
    },
  };
}
export type StopIntent = ReturnType<typeof createStopIntent>;

/** What a proxy tool's execute returns: shown on the tool card, mapped for the model. */
export interface ProxyToolOutput {
  serverId: string;
  toolName: string;
  result: CallToolResultView;
  durationMs: number;
  /** The tool's MCP App, kept with the result so a saved chat can show it again. */
  ui?: ToolView['ui'];
}

export function isProxyToolOutput(value: unknown): value is ProxyToolOutput {
  return typeof value === 'object' && value !== null && 'result' in value && 'serverId' in value;
}

/**
 * AI SDK tools for the enabled MCP tools. Each uses the server's JSON Schema (normalized for what
 * providers accept, never converted lossily) and executes in the background over the message
 * contract; aborting the step cancels the call there too. Whether a call waits for the person is
 * decided per call by the chat's `toolApproval` (src/chat-approval/chat-approval.ts), which the AI
 * SDK asks before any tool of the set runs.
 */
export function buildProxyTools(
  views: readonly ToolView[],
  options: {
    client: PatchbayClient;
    /** Offered only once a tool search finds them (src/tool-search/request-tools.ts). */
    deferLoading?: boolean;
    chatId?: string;
    /** Set while the person stops the answer; any other abort is the chat letting go. */
    stopIntent?: StopIntent;
  },
): { tools: ToolSet; names: ToolNameMap } {
  const names = createToolNameMap(views);
  const tools: ToolSet = {};
  for (const view of views) {
    const { schema, wrapped } = prepareToolSchema(view.inputSchema);
    tools[names.nameFor(view)] = dynamicTool({
      description: view.description || view.name,
      ...(options.deferLoading && { deferLoading: true }),
      inputSchema: jsonSchema(schema),
      execute: async (input, { toolCallId, abortSignal }) => {
        const started = performance.now();
        // The call in its chat: two chats' models may give their calls the same id.
        const call: TaskRef = {
          callId: toolCallId,
          ...(options.chatId ? { chatId: options.chatId } : {}),
        };
        // The person's Stop cancels the call; the chat closing (another tab, a new chat) lets
        // go of it, and a call the server runs as a task goes on in the background.
        const cancel = () =>
          void options.client
            .server(view.serverId, 'tool/cancel', {
              ...call,
              ...(options.stopIntent && !options.stopIntent.byPerson ? { detach: true } : {}),
            })
            .catch(() => undefined);
        abortSignal?.addEventListener('abort', cancel, { once: true });
        try {
          const result = await untilAnswered(
            options.client,
            call,
            options.client.server(view.serverId, 'tool/call', {
              name: view.name,
              arguments: toArguments(wrapped && isRecord(input) ? input[WRAPPED_INPUT_KEY] : input),
              ...call,
            }),
          );
          const output: ProxyToolOutput = {
            serverId: view.serverId,
            toolName: view.name,
            result,
            durationMs: Math.round(performance.now() - started),
            ...(view.ui?.resourceUri ? { ui: view.ui } : {}),
          };
          return output;
        } finally {
          abortSignal?.removeEventListener('abort', cancel);
        }
      },
      toModelOutput: ({ output }) =>
        isProxyToolOutput(output)
          ? toModelToolOutput(output.result)
          : { type: 'error-text', value: 'The tool returned nothing Patchbay could read.' },
    });
  }
  return { tools, names };
}

/** How many worker restarts one call waits through for its task's result. */
const MAX_REATTACHES = 5;

/**
 * A call's answer. A worker that stopped mid-call loses the call, unless the server made it a
 * task: the restarted worker follows the task again, and the chat waits for its result there.
 */
async function untilAnswered(
  client: PatchbayClient,
  task: TaskRef,
  call: Promise<CallToolResultView>,
): Promise<CallToolResultView> {
  let attempt = call;
  for (let reattached = 0; ; reattached += 1) {
    try {
      return await attempt;
    } catch (error) {
      if (!isWorkerRestart(error) || reattached >= MAX_REATTACHES) throw error;
      // No task for the call: it was an ordinary call, lost with the worker.
      attempt = client.request('mcp/tasks/await', task).catch((awaitError: unknown) => {
        throw RequestError.isInstance(awaitError) && awaitError.code === 'not-found'
          ? error
          : awaitError;
      });
    }
  }
}

function isWorkerRestart(error: unknown): boolean {
  return RequestError.isInstance(error) && error.code === 'worker-restarted';
}

/** MCP takes an arguments object; anything else (a wrapped scalar) goes under its key. */
function toArguments(input: unknown): Record<string, unknown> {
  if (isRecord(input)) return input;
  return input === undefined ? {} : { [WRAPPED_INPUT_KEY]: input };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
