import type { UIMessage } from 'ai';
import { lazy, Suspense, useMemo, useState, type ReactNode } from 'react';
import { ChatTranscript } from './ChatTranscript';
import { Composer } from '../composer/Composer';
import { InterruptedTurn } from './InterruptedTurn';
import { MessageList } from './MessageList';
import { ResourceDialog } from '../resources/ResourceDialog';
import type { SettingsTarget } from '../../src/chat-turn/chat-errors';
import { ChatErrorNotice } from './ChatErrorNotice';
import type { OpenServer } from './use-server-problems';
import type { ComposerFill } from '../composer/use-outside-text';
import { createToolNameMap } from '../../src/model-tools/tool-names';
import type { ServerView, ToolView } from '../../src/messaging/contract';
import { renderChatTool } from './chat-tool-slot';
import type { AppSlotContext } from '../apps/tool-app-slot';
import { useBrowserTargets } from './use-browser-targets';
import { useChatComposer } from './use-chat-composer';
import { useChatSession, type ChatSessionOptions } from './use-chat-session';
import { useResourceReader } from '../resources/use-resource-reader';
import { useScrollFollow } from './use-scroll-follow';
import { useServerContext } from '../composer/use-server-context';
import { ImageChips } from '../composer/ImageChips';
import type { ComposerRequest } from '../../src/panel-entry/composer-request';
import type { AskForSites } from '../../src/permissions/ask-for-sites';
import { useImageInput } from '../composer/use-image-input';
import { useQuotedPages } from '../composer/use-quoted-pages';
import { PausedRunNote } from '../routines/PausedRunNote';
import { firstTypedWords } from '../routines/routine-from-chat';
import { typedWordsOf } from '../../src/chat/typed-words';

// What an empty chat suggests, and the notice of servers with a problem, load when first shown.
const EmptyChatPanel = lazy(() => import('./EmptyChatPanel'));
const ServerProblems = lazy(() => import('./ServerProblems'));

export interface ChatSessionProps extends ChatSessionOptions {
  servers: ServerView[];
  /** Asks Chrome for a server's site when the empty chat switches it on. */
  askForSites: AskForSites;
  /** Focus and text for the composer (use-composer-draft.ts). */
  composerRequest?: ComposerRequest | undefined;
  onComposerRequestApplied?(): void;
  /** "Make this a routine" under the last answer: the chat as it is now. */
  onMakeRoutine?(chat: { messages: UIMessage[]; tools: ToolView[] }): void;
  /** A failure's "Open Settings": the Settings tab with that field focused. */
  onOpenSettings?(target: SettingsTarget): void;
  /** A server problem's Enter <header> or Open in Servers. */
  onOpenServer?: OpenServer;
  /** A chat too long to go on: "Start a new chat". */
  onNewChat?(): void;
  /** Opens the models of the chat's header (a failure's Choose another model). */
  onChooseModel?(): void;
  /** Shown under an empty chat's suggestions, just above the composer (the one-time tips). */
  tips?: ReactNode;
}

/**
 * One conversation, laid out as a column: (header), the transcript that scrolls and follows
 * the latest words, then notices and the composer, pinned to the bottom of the panel.
 */
export function ChatSession(props: ChatSessionProps) {
  const { servers } = props;
  const session = useChatSession(props);
  const { chat, busy, tools } = session;
  const reader = useResourceReader();
  const context = useServerContext({
    servers,
    messages: chat.messages,
    replaceMessages: chat.setMessages,
  });
  const follow = useScrollFollow();
  const images = useImageInput(props.loadSettings);
  // A question the empty chat put in the composer (unsent); a new id puts it again.
  const [fill, setFill] = useState<ComposerFill | undefined>();
  const ask = (text: string) => setFill((previous) => ({ text, id: (previous?.id ?? 0) + 1 }));
  // Only a switched-on server not connected can have a problem to show.
  const troubled = servers.some(
    (server) => server.isEnabled && server.status.state !== 'connected',
  );
  const takeQuoted = useQuotedPages(props.composerRequest);
  const composer = useChatComposer({
    servers,
    session,
    context,
    takeImages: images.take,
    takeQuoted,
    onSent: follow.jumpToLatest,
  });
  const [editingId, setEditingId] = useState<string | undefined>();

  const names = useMemo(() => createToolNameMap(tools), [tools]);
  const tabTargets = useBrowserTargets(chat.messages, names);
  const { progress, stoppedCalls, approvals } = session;
  // What tool cards show besides their message: rows with cards render again when it changes.
  const toolState = useMemo(
    () => ({ tools, servers, progress, stoppedCalls, approvals, tabTargets }),
    [tools, servers, progress, stoppedCalls, approvals, tabTargets],
  );

  const apps: AppSlotContext = {
    savedCalls: session.savedCalls,
    stoppedCalls,
    appContext: session.appContext,
    loadApprovals: props.loadApprovals,
    async saveApprovals(next) {
      await props.saveApprovals(next);
      session.setApprovals(next);
    },
    async sendMessage(text, from) {
      if (busy) {
        context.setNotice('Wait for the answer to finish before an app sends a message.');
        return false;
      }
      follow.jumpToLatest();
      void chat.sendMessage({ parts: [{ type: 'text', text }], metadata: { fromApp: from } });
      return true;
    },
  };

  const lastUserMessage = chat.messages.findLast((message) => message.role === 'user');
  const typedWords = useMemo(() => typedWordsOf(chat.messages), [chat.messages]);
  const { interrupted, saveError, routineRun } = session;
  const { onMakeRoutine } = props;
  // Offered once the person typed something here and the chat is at rest.
  const canMakeRoutine =
    onMakeRoutine && session.canRegenerate && firstTypedWords(chat.messages) !== undefined;
  return (
    <div className="chat">
      {/* The chat's header (model, tools) goes here, above the transcript. */}
      {routineRun.run ? (
        <PausedRunNote run={routineRun.run} failed={routineRun.handBackFailed} />
      ) : null}
      <ChatTranscript follow={follow}>
        {chat.messages.length === 0 ? (
          <>
            <Suspense fallback={null}>
              <EmptyChatPanel
                servers={servers}
                tools={tools}
                askForSites={props.askForSites}
                onAsk={ask}
              />
            </Suspense>
            {props.tips}
          </>
        ) : (
          <MessageList
            messages={chat.messages}
            streaming={busy}
            renderTool={(part) =>
              renderChatTool(part, {
                tools,
                servers,
                names,
                progress,
                stoppedCalls,
                approvals,
                typedWords,
                tabTargets,
                apps,
                respond: (call, approved) => {
                  if (call.state !== 'approval-requested') return;
                  void chat.addToolApprovalResponse({
                    id: call.approval.id,
                    approved,
                    ...(approved ? {} : { reason: 'The person denied this tool call.' }),
                  });
                },
                alwaysAllow: session.alwaysAllow,
                openResource: reader.read,
              })
            }
            onEdit={(messageId, text) => {
              setEditingId(undefined);
              follow.jumpToLatest();
              session.edit(messageId, text);
            }}
            editingId={editingId}
            onEditingChange={setEditingId}
            onRegenerate={session.canRegenerate ? () => void chat.regenerate() : undefined}
            onMakeRoutine={
              canMakeRoutine ? () => onMakeRoutine({ messages: chat.messages, tools }) : undefined
            }
            onOpenResource={(resource) =>
              reader.read({
                serverId: resource.serverId,
                uri: resource.uri,
                ...(resource.title ? { title: resource.title } : {}),
              })
            }
            toolState={toolState}
          />
        )}
        {interrupted ? <InterruptedTurn {...interrupted} /> : null}
        {chat.status === 'submitted' ? <p className="muted thinking">Thinking…</p> : null}
        {session.failure ? (
          <ChatErrorNotice
            failure={session.failure}
            onRetry={() => void chat.regenerate()}
            onOpenSettings={props.onOpenSettings}
            onNewChat={props.onNewChat}
            onChooseModel={props.onChooseModel}
          />
        ) : null}
      </ChatTranscript>
      <div className="chat-footer">
        {troubled ? (
          <Suspense fallback={null}>
            <ServerProblems
              servers={servers}
              askForSites={props.askForSites}
              onOpenServer={props.onOpenServer}
            />
          </Suspense>
        ) : null}
        {[saveError, context.notice].map((notice, index) =>
          notice ? (
            <p key={index} className="chat-error" role="alert">
              {notice}
            </p>
          ) : null,
        )}
        <Composer
          busy={busy}
          {...composer}
          {...(routineRun.run?.state === 'running' && {
            disabledReason: 'The routine is writing this chat; it is yours again when it is done.',
          })}
          {...(lastUserMessage && { onEditLast: () => setEditingId(lastUserMessage.id) })}
          request={props.composerRequest}
          {...(props.onComposerRequestApplied
            ? { onRequestApplied: props.onComposerRequestApplied }
            : {})}
          onFiles={(files) => void images.add(files)}
          chips={<ImageChips {...images} onRemove={images.remove} />}
          sendsWithoutText={images.images.length > 0}
          {...(fill ? { fill } : {})}
        />
      </div>
      {reader.open ? (
        <ResourceDialog
          serverName={
            servers.find((server) => server.id === reader.open?.serverId)?.name ??
            reader.open.serverId
          }
          uri={reader.open.uri}
          {...(reader.open.title ? { title: reader.open.title } : {})}
          state={reader.open.state}
          onClose={reader.close}
          onAttach={() => {
            const open = reader.open;
            if (!open) return;
            context.attach({
              serverId: open.serverId,
              uri: open.uri,
              name: open.title ?? open.uri,
              ...(open.mimeType ? { mimeType: open.mimeType } : {}),
            });
            reader.close();
          }}
        />
      ) : null}
    </div>
  );
}
