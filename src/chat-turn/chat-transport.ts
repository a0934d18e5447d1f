import {
  stepCountIs,
  streamText,
  type ChatTransport,
  type LanguageModel,
  type UIMessage,
  type UIMessageChunk,
} from 'ai';
import type { AppModelContext } from '../apps/app-model-context';
import type { PatchbayClient } from '../messaging/client';
import { BROWSER_SERVER_ID } from '../messaging/browser-access-contract';
import { recordDefinitions, type ApprovalSettings } from '../policy/grants';
import {
  chatCallTabUrl,
  chatTabUrl,
  chatToolApproval,
  createCallOrigins,
  pointedOriginOf,
  type CallOrigins,
} from '../chat-approval/chat-approval';
import type { ChatErrorExplained } from './chat-errors';
import type { ModelSettings } from '../models/model-settings';
import type { StopIntent } from '../model-tools/proxy-tools';
import { toolSearchPrompt } from '../tool-search/request-tools';
import { PatchbayError } from '../errors/patchbay-error';
import { answerStreamOptions } from './answer-stream';
import { modelMessagesFor } from './model-messages';
import { offeredTools } from './offered-tools';
import { requestFacts } from './request-facts';
import { allowedSkills, readRequestScope } from './request-scope';
import { systemPromptWith } from './system-prompt';

export const MAX_STEPS = 12;

export interface ChatTransportOptions {
  client: PatchbayClient;
  loadSettings(): Promise<ModelSettings | undefined>;
  loadApprovals(): Promise<ApprovalSettings>;
  /** This install's key for signing approvals (src/chat-approval/approval-secret.ts). */
  loadApprovalSecret(): Promise<string>;
  /** Stores approvals upgraded from an earlier layout (see `recordDefinitions`). */
  saveApprovals?(next: ApprovalSettings): Promise<void>;
  createModel(settings: ModelSettings): LanguageModel;
  /** What the MCP Apps in the conversation last told the model. */
  appContext?(): readonly AppModelContext[];
  /** Where browser calls act, kept for their cards' "Always allow" (one is made otherwise). */
  callOrigins?: CallOrigins;
  /** Tells the proxy tools whether an abort is the person's Stop. */
  stopIntent?: StopIntent;
  /** The servers whose tools and skills this chat may use (a routine's); all when absent. */
  servers?: (serverId: string) => boolean;
  /**
   * A failure of the request as put in words, with the step the chat offers for it: the UI
   * stream carries only the words, so the panel looks the step up by them.
   */
  onModelError?(explained: ChatErrorExplained): void;
}

/**
 * There is no server: this chat transport runs the model call in the side panel with the AI SDK's
 * `streamText`, multi-step, with proxy tools for the enabled MCP tools (behind a tool search when
 * more are switched on than fit in a request: src/tool-search/request-tools.ts). The tool list is
 * read fresh for every request, and re-checked before every step, so servers switched on or off
 * while the panel is open take effect on the next step.
 */
export function createChatTransport(options: ChatTransportOptions): ChatTransport<UIMessage> {
  const tabUrl = chatTabUrl(options.client);
  const callOrigins = options.callOrigins ?? createCallOrigins(chatCallTabUrl(options.client));
  return {
    sendMessages: (request) => sendChatRequest(options, tabUrl, callOrigins, request),
    async reconnectToStream() {
      return null; // nothing runs outside the panel, so there is nothing to resume
    },
  };
}

/** One request: the model's answer, its steps and tool calls, streamed to the chat. */
async function sendChatRequest(
  options: ChatTransportOptions,
  tabUrl: (tabId: undefined) => Promise<string | undefined>,
  callOrigins: CallOrigins,
  { chatId, messages, abortSignal, body }: Parameters<ChatTransport<UIMessage>['sendMessages']>[0],
): Promise<ReadableStream<UIMessageChunk>> {
  const settings = await options.loadSettings();
  if (!settings) throw new PatchbayError('not-enabled', 'Set up a model in Settings first.');
  const scope = await readRequestScope(options.client, options.servers);
  const [stored, approvalSecret] = await Promise.all([
    options.loadApprovals(),
    options.loadApprovalSecret(),
  ]);
  const approvals = recordDefinitions(stored, scope.views);
  if (approvals !== stored) await options.saveApprovals?.(approvals);
  const skills = await allowedSkills(options.client, scope);
  const offered = offeredTools(scope, messages, {
    client: options.client,
    skills,
    chatId,
    stopIntent: options.stopIntent,
  });
  // The site the person pointed the chat at: the active tab when they asked, kept on the
  // answer so that the calls approved later in the same answer keep it.
  const pointedOrigin = scope.views.some((view) => view.serverId === BROWSER_SERVER_ID)
    ? await pointedOriginOf(messages, tabUrl)
    : undefined;
  const appContext = options.appContext?.() ?? [];
  const facts = requestFacts(messages, scope, offered, { pointedOrigin, appContext, skills });
  const modelMessages = await modelMessagesFor(messages, offered.tools, scope.serverNames, body);
  const system = systemPromptWith(scope.usable, appContext, skills);
  const result = streamText({
    model: options.createModel(settings),
    system: offered.search ? `${system}\n\n${toolSearchPrompt(offered.search)}` : system,
    messages: modelMessages,
    tools: offered.tools,
    toolApproval: chatToolApproval({
      views: scope.views,
      names: offered.names,
      approvals,
      origins: callOrigins,
      facts,
      serverName: scope.serverName,
      skills,
    }),
    // Only approvals this install asked for run: an approval in a file or a forged message
    // is refused (src/chat-approval/approval-secret.ts).
    experimental_toolApprovalSecret: approvalSecret,
    stopWhen: stepCountIs(MAX_STEPS),
    ...(abortSignal ? { abortSignal } : {}),
    prepareStep: offered.prepareStep,
    // Errors reach the page through the UI stream (answer-stream.ts); streamText would also log them.
    onError: () => undefined,
  });
  return result.toUIMessageStream(
    answerStreamOptions(messages, settings, pointedOrigin, (explained) =>
      options.onModelError?.(explained),
    ),
  );
}
