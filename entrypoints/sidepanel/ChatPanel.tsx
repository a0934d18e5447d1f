import { useChat } from '@ai-sdk/react';
import { BROWSER_SERVER_ID } from '../../src/messaging/browser-access-contract';
import { lastAssistantMessageIsCompleteWithApprovalResponses, type DynamicToolUIPart } from 'ai';
import { useEffect, useMemo, useState } from 'react';
import { Composer } from '../../components/chat/Composer';
import { MessageList } from '../../components/chat/MessageList';
import { ToolCard } from '../../components/chat/ToolCard';
import { ResourceDialog } from '../../components/resources/ResourceDialog';
import { promptMessagesToUIMessages } from '../../src/chat/resource-parts';
import type { PromptView } from '../../src/messaging/features-contract';
import { changesSinceAllowed, type ApprovalSettings } from '../../src/ai/approval';
import { createChatTransport } from '../../src/ai/chat-transport';
import { describeChatError } from '../../src/ai/chat-errors';
import { createLanguageModel } from '../../src/ai/model';
import type { ModelSettings } from '../../src/ai/model-settings';
import { isProxyToolOutput } from '../../src/ai/proxy-tools';
import { checkToolBudget, type ToolBudget } from '../../src/ai/tool-budget';
import { createToolNameMap } from '../../src/ai/tool-names';
import type { ConversationStore, OpenedConversation } from '../../src/chat/history';
import type { ComposerRequest } from '../../src/panel-entry/composer-request';
import type { PatchbayClient } from '../../src/messaging/client';
import type { ServerView, ToolView } from '../../src/messaging/contract';
import type { AppModelContext } from '../../src/apps/app-model-context';
import { toolAppSlot, toolCallIdsOf, type AppSlotContext } from './tool-app-slot';
import { useBrowserTargets } from './use-browser-targets';
import { useChatTools } from './use-chat-tools';
import { useAlwaysAllow } from './use-always-allow';
import { useChatPersistence, useRestoredMessages } from './use-chat-persistence';
import { useInterruptedTurn } from './use-interrupted-turn';
import { InterruptedTurn } from '../../components/chat/InterruptedTurn';
import { useResourceReader } from './use-resource-reader';
import { useServerContext } from './use-server-context';
import { EmptyChat } from '../../components/chat/EmptyChat';
import { ImageChips } from '../../components/composer/ImageChips';
import { useEmptyChat } from './use-empty-chat';
import { useImageInput } from './use-image-input';

export interface ChatSessionProps {
  client: PatchbayClient;
  conversation: OpenedConversation;
  history: ConversationStore;
  /** Read fresh for every request, so a changed model or key applies to the next message. */
  loadSettings(): Promise<ModelSettings | undefined>;
  servers: ServerView[];
  loadApprovals(): Promise<ApprovalSettings>;
  saveApprovals(next: ApprovalSettings): Promise<void>;
  onSaved(title: string): void;
  /** Focus and text for the composer (use-composer-draft.ts). */
  composerRequest?: ComposerRequest | undefined;
  onComposerRequestApplied?(): void;
}

/** One conversation: the AI SDK's useChat over Patchbay's in-panel transport. */
export function ChatSession(props: ChatSessionProps) {
  const { client, conversation, history, servers } = props;
  // What the MCP Apps in this chat last told the model, by tool call (one map, kept as is).
  const [appContext] = useState(() => new Map<string, AppModelContext>());
  const [approvals, setApprovals] = useState<ApprovalSettings>({});
  const { callOrigins, alwaysAllow } = useAlwaysAllow({ ...props, onSaved: setApprovals });
  const transport = useMemo(
    () =>
      createChatTransport({
        client,
        loadSettings: props.loadSettings,
        loadApprovals: props.loadApprovals,
        saveApprovals: props.saveApprovals,
        createModel: (current) => createLanguageModel(current),
        appContext: () => [...appContext.values()],
        callOrigins,
      }),
    [client, props.loadSettings, props.loadApprovals, props.saveApprovals, appContext, callOrigins],
  );
  const restored = useRestoredMessages(conversation);
  const chat = useChat({
    id: conversation.id,
    messages: restored,
    transport,
    sendAutomaticallyWhen: lastAssistantMessageIsCompleteWithApprovalResponses,
    // Errors are shown inline (chat.error) with a sentence and a Retry; nothing to log.
    onError: () => undefined,
  });
  const { tools, progress } = useChatTools(client);
  const [stoppedCalls, setStoppedCalls] = useState<Set<string>>(new Set());
  // Calls saved before this chat opened: their apps show as snapshots until reloaded.
  const [savedCalls] = useState(() => toolCallIdsOf(conversation.messages));
  const reader = useResourceReader(client);
  const openResource = reader.open;
  const context = useServerContext({
    client,
    servers,
    messages: chat.messages,
    replaceMessages: chat.setMessages,
  });
  const loadApprovals = props.loadApprovals;
  useEffect(() => {
    void loadApprovals().then(setApprovals, () => undefined);
  }, [loadApprovals, tools]);

  const { status } = chat;
  const saveError = useChatPersistence({
    history,
    conversation,
    restored,
    messages: chat.messages,
    status,
    onSaved: props.onSaved,
  });
  const interrupted = useInterruptedTurn(conversation, restored, chat);
  const images = useImageInput(props.loadSettings);
  const empty = useEmptyChat(client);

  const names = useMemo(() => createToolNameMap(tools), [tools]);
  const tabTargets = useBrowserTargets(client, chat.messages, names);
  // What tool cards show besides their message: rows with cards render again when it changes.
  const toolState = useMemo(
    () => ({ tools, servers, progress, stoppedCalls, approvals, tabTargets }),
    [tools, servers, progress, stoppedCalls, approvals, tabTargets],
  );
  const budget: ToolBudget = useMemo(() => checkToolBudget(tools), [tools]);
  const busy = status === 'streaming' || status === 'submitted';

  const serverName = (serverId: string) =>
    servers.find((server) => server.id === serverId)?.name ?? serverId;

  const openResourceDialog = reader.read;

  const runPrompt = (prompt: PromptView, args: Record<string, string>) => {
    if (chat.status === 'streaming' || chat.status === 'submitted') {
      context.setNotice('Wait for the answer to finish (or stop it) before running a prompt.');
      return;
    }
    context.setNotice(undefined);
    void client.server(prompt.serverId, 'prompts/get', { name: prompt.name, arguments: args }).then(
      ({ messages: promptMessages }) => {
        const inserted = promptMessagesToUIMessages(prompt.serverId, promptMessages);
        const last = inserted.at(-1);
        if (!last) {
          context.setNotice(
            `${serverName(prompt.serverId)} gave the prompt ${prompt.name} no messages.`,
          );
          return;
        }
        // The prompt's turns join the conversation; one that ends with the person's turn is sent.
        if (last.role === 'user') {
          chat.setMessages((current) => [...current, ...inserted.slice(0, -1)]);
          void chat.sendMessage({ parts: last.parts });
        } else chat.setMessages((current) => [...current, ...inserted]);
      },
      (error: unknown) => context.setNotice(error instanceof Error ? error.message : String(error)),
    );
  };

  const apps: AppSlotContext = {
    client,
    savedCalls,
    stoppedCalls,
    appContext,
    loadApprovals: props.loadApprovals,
    async saveApprovals(next) {
      await props.saveApprovals(next);
      setApprovals(next);
    },
    async sendMessage(text, from) {
      if (chat.status === 'streaming' || chat.status === 'submitted') {
        context.setNotice('Wait for the answer to finish before an app sends a message.');
        return false;
      }
      void chat.sendMessage({ parts: [{ type: 'text', text }], metadata: { fromApp: from } });
      return true;
    },
  };

  const renderTool = (part: DynamicToolUIPart) => {
    const output =
      part.state === 'output-available' && isProxyToolOutput(part.output) ? part.output : undefined;
    const address = output
      ? { serverId: output.serverId, name: output.toolName }
      : names.resolve(part.toolName);
    const server = servers.find((candidate) => candidate.id === address?.serverId);
    const view = tools.find(
      (candidate) => candidate.serverId === address?.serverId && candidate.name === address.name,
    );
    const respond = (approved: boolean) => {
      if (part.state !== 'approval-requested') return;
      void chat.addToolApprovalResponse({
        id: part.approval.id,
        approved,
        ...(approved ? {} : { reason: 'The person denied this tool call.' }),
      });
    };
    const app =
      address && server
        ? toolAppSlot(
            part,
            {
              serverId: address.serverId,
              serverName: server.name,
              toolName: address.name,
              ...(view ? { view } : {}),
              ...(output ? { output } : {}),
            },
            apps,
          )
        : undefined;
    return (
      <ToolCard
        part={part}
        {...(app ? { app } : {})}
        serverName={
          view?.page
            ? `${view.page.site}${view.page.tabIndex !== undefined ? ` · tab ${view.page.tabIndex}` : ''}`
            : address?.serverId === BROWSER_SERVER_ID
              ? 'This browser'
              : (server?.name ?? address?.serverId ?? 'Unknown server')
        }
        {...(iconOf(view, server) ? { iconDataUrl: iconOf(view, server) } : {})}
        toolName={view?.page?.tool ?? address?.name ?? part.toolName}
        {...(address ? { serverId: address.serverId } : {})}
        onOpenResource={(link) =>
          openResourceDialog({
            serverId: link.serverId,
            uri: link.uri,
            ...(link.name ? { title: link.name } : {}),
            ...(link.mimeType ? { mimeType: link.mimeType } : {}),
          })
        }
        {...(output ? { result: output.result, durationMs: output.durationMs } : {})}
        {...(progress[part.toolCallId] ? { progress: progress[part.toolCallId] } : {})}
        stopped={stoppedCalls.has(part.toolCallId)}
        {...(tabTargets.has(part.toolCallId) ? { tabTarget: tabTargets.get(part.toolCallId) } : {})}
        onApprove={() => respond(true)}
        onDeny={() => respond(false)}
        onAlwaysAllow={() => {
          if (!view) return respond(true);
          void alwaysAllow(view, part).then(() => respond(true));
        }}
        {...(view && part.state === 'approval-requested'
          ? { changedSinceAllowed: changesSinceAllowed(view, approvals) }
          : {})}
      />
    );
  };

  const stop = () => {
    const open = chat.messages
      .flatMap((message) => message.parts)
      .filter((part): part is DynamicToolUIPart => part.type === 'dynamic-tool')
      .filter((part) => !['output-available', 'output-error', 'output-denied'].includes(part.state))
      .map((part) => part.toolCallId);
    setStoppedCalls((previous) => new Set([...previous, ...open]));
    void chat.stop();
  };

  const edit = (messageId: string, text: string) => {
    const index = chat.messages.findIndex((message) => message.id === messageId);
    if (index < 0) return;
    // What the message carried besides its text (attached resources, images) goes again.
    const carried = chat.messages[index]?.parts.filter((part) => part.type !== 'text') ?? [];
    chat.setMessages(chat.messages.slice(0, index));
    void chat.sendMessage({ parts: [{ type: 'text', text }, ...carried] });
  };

  const lastMessage = chat.messages.at(-1);
  const awaitingApproval = lastMessage?.parts.some(
    (part) => part.type === 'dynamic-tool' && part.state === 'approval-requested',
  );
  const lastIsAssistant = lastMessage?.role === 'assistant' && !awaitingApproval && !interrupted;
  return (
    <div className="chat">
      {chat.messages.length === 0 ? (
        <EmptyChat toolCount={tools.length} servers={servers} {...empty} />
      ) : (
        <MessageList
          messages={chat.messages}
          streaming={busy}
          renderTool={renderTool}
          onEdit={edit}
          onOpenResource={(resource) =>
            openResourceDialog({
              serverId: resource.serverId,
              uri: resource.uri,
              ...(resource.title ? { title: resource.title } : {}),
            })
          }
          toolState={toolState}
        />
      )}
      {interrupted ? <InterruptedTurn {...interrupted} /> : null}
      {status === 'submitted' ? <p className="muted thinking">Thinking…</p> : null}
      {chat.error ? (
        <div className="chat-error" role="alert">
          <p>{describeChatError(chat.error)}</p>
          <button type="button" onClick={() => void chat.regenerate()}>
            Retry
          </button>
        </div>
      ) : null}
      {saveError ? (
        <p className="chat-error" role="alert">
          {saveError}
        </p>
      ) : null}
      {context.notice ? (
        <p className="chat-error" role="alert">
          {context.notice}
        </p>
      ) : null}
      {!budget.ok ? (
        <p className="chat-error" role="alert">
          {budget.message}
        </p>
      ) : null}
      <div className="chat-actions">
        {lastIsAssistant && !busy ? (
          <button type="button" className="link" onClick={() => void chat.regenerate()}>
            Regenerate
          </button>
        ) : null}
      </div>
      <Composer
        busy={busy}
        request={props.composerRequest}
        {...(props.onComposerRequestApplied
          ? { onRequestApplied: props.onComposerRequestApplied }
          : {})}
        {...(!budget.ok ? { disabledReason: 'Too many tools are switched on (see above).' } : {})}
        onSend={(text) => {
          const attached = context.takeAttachmentParts();
          if (!attached) {
            context.setNotice('An attached resource is still being read; send again in a moment.');
            return false;
          }
          void chat.sendMessage({ parts: [{ type: 'text', text }, ...attached, ...images.take()] });
          return true;
        }}
        onFiles={(files) => void images.add(files)}
        chips={<ImageChips {...images} onRemove={images.remove} />}
        {...(empty.fill ? { fill: empty.fill } : {})}
        onStop={stop}
        resources={context.resources}
        templates={context.templates}
        prompts={context.prompts}
        servers={servers.map((server) => ({
          id: server.id,
          name: server.name,
          ...((server.iconDataUrl ?? server.serverIconDataUrl)
            ? { iconDataUrl: server.iconDataUrl ?? server.serverIconDataUrl }
            : {}),
        }))}
        attachments={context.attachments}
        onAttach={context.attach}
        onDetach={context.detach}
        onPickerOpen={context.loadPicker}
        onRunPrompt={runPrompt}
        onComplete={async (request) =>
          // Only servers that offer completions are asked.
          !servers.find((server) => server.id === request.serverId)?.features?.completions
            ? []
            : (
                await client.server(request.serverId, 'completion/complete', {
                  ref: request.ref,
                  argument: request.argument,
                  ...(request.context ? { context: request.context } : {}),
                })
              ).values
        }
      />
      {openResource ? (
        <ResourceDialog
          serverName={serverName(openResource.serverId)}
          uri={openResource.uri}
          {...(openResource.title ? { title: openResource.title } : {})}
          state={openResource.state}
          onClose={reader.close}
          onAttach={() => {
            context.attach({
              serverId: openResource.serverId,
              uri: openResource.uri,
              name: openResource.title ?? openResource.uri,
              ...(openResource.mimeType ? { mimeType: openResource.mimeType } : {}),
            });
            reader.close();
          }}
        />
      ) : null}
    </div>
  );
}

/** The tool's own icon, else the one the person gave its server, else the server's own. */
function iconOf(tool: ToolView | undefined, server: ServerView | undefined): string | undefined {
  return tool?.iconDataUrl ?? server?.iconDataUrl ?? server?.serverIconDataUrl;
}
