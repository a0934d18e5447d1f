import {
  convertToModelMessages,
  stepCountIs,
  streamText,
  type ChatTransport,
  type LanguageModel,
  type UIMessage,
  type UIMessageChunk,
} from 'ai';
import type { PatchbayClient } from '../messaging/client';
import { recordDefinitions, type ApprovalSettings } from './approval';
import { describeChatError } from './chat-errors';
import type { ModelSettings } from './model-settings';
import { buildProxyTools } from './proxy-tools';
import { checkToolBudget } from './tool-budget';

export const MAX_STEPS = 12;

const SYSTEM_PROMPT = `You are Patchbay, an assistant in the browser's side panel. You can use tools from the MCP servers the person switched on. Use a tool when it helps answer; say which tool you used when it matters. Be concise.`;

export interface ChatTransportOptions {
  client: PatchbayClient;
  loadSettings(): Promise<ModelSettings | undefined>;
  loadApprovals(): Promise<ApprovalSettings>;
  /** Stores approvals upgraded from an earlier layout (see `recordDefinitions`). */
  saveApprovals?(next: ApprovalSettings): Promise<void>;
  createModel(settings: ModelSettings): LanguageModel;
}

/** The enabled tools do not fit in a request; the message says how to narrow them. */
export class ToolBudgetError extends Error {
  override readonly name = 'ToolBudgetError';
}

/**
 * There is no server: this chat transport runs the model call in the side panel with the
 * AI SDK's `streamText`, multi-step, with proxy tools for the enabled MCP tools. The tool list is
 * read fresh for every request, and re-checked before every step, so servers switched on or off
 * while the panel is open take effect on the next step.
 */
export function createChatTransport(options: ChatTransportOptions): ChatTransport<UIMessage> {
  return {
    async sendMessages({ messages, abortSignal }): Promise<ReadableStream<UIMessageChunk>> {
      const settings = await options.loadSettings();
      if (!settings) throw new Error('Set up a model in Settings first.');
      const { tools: views } = await options.client.request('mcp/tools/list');
      const budget = checkToolBudget(views);
      if (!budget.ok) throw new ToolBudgetError(budget.message);
      const stored = await options.loadApprovals();
      const approvals = recordDefinitions(stored, views);
      if (approvals !== stored) await options.saveApprovals?.(approvals);
      const { tools, names } = buildProxyTools(views, { client: options.client, approvals });
      const available = async () => {
        const { tools: current } = await options.client.request('mcp/tools/list');
        return current.map((view) => names.nameFor(view)).filter((name) => name in tools);
      };
      const result = streamText({
        model: options.createModel(settings),
        system: SYSTEM_PROMPT,
        messages: await convertToModelMessages(messages, {
          tools,
          ignoreIncompleteToolCalls: true,
        }),
        tools,
        stopWhen: stepCountIs(MAX_STEPS),
        ...(abortSignal ? { abortSignal } : {}),
        // Tools switched off since the request started are not offered again.
        prepareStep: async ({ stepNumber }) =>
          stepNumber === 0 ? {} : { activeTools: await available() },
        // Errors reach the page through the UI stream (onError below); streamText would also log them.
        onError: () => undefined,
      });
      return result.toUIMessageStream({ originalMessages: messages, onError: describeChatError });
    },
    async reconnectToStream() {
      return null; // nothing runs outside the panel, so there is nothing to resume
    },
  };
}
