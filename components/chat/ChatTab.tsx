import { lazy, Suspense, type ReactNode } from 'react';
import type { SettingsTarget } from '../../src/chat-turn/chat-errors';
import type { ServerView } from '../../src/messaging/contract';
import type { useComposerDraft } from '../composer/use-composer-draft';
import { ChatRowMenu } from '../history/ChatRowMenu';
import { exportChat, exportItems } from '../history/export-chat';
import type { useConversations } from '../history/use-conversations';
import { PermissionNote } from '../permissions/PermissionNote';
import type { usePermissionSwitch } from '../permissions/use-permission-switch';
import { ChatHeader } from './ChatHeader';
import { ChatSession } from './ChatSession';
import type { ChatTabState } from './use-chat-tab';
import type { RoutineInput } from '../../src/routines/routine';
import { routineFromChat } from '../routines/routine-from-chat';
import type { OpenServer } from './use-server-problems';
import { useFreshOpenChat } from './use-fresh-open-chat';

// The chat list loads with its first opening (it costs the panel's first load nothing).
const HistoryDrawer = lazy(() =>
  import('../history/HistoryDrawer').then((module) => ({ default: module.HistoryDrawer })),
);
// The one-time tips load with the first empty chat.
const TipsCard = lazy(() => import('./TipsCard'));

/**
 * The Chat tab: one row with the chat list's button, the open chat's title with its ⋯ (Export)
 * and "New chat";
 * the header with the chat's model and tools (the browser's among them); and the chat itself.
 */
export function ChatTab({
  chat,
  chats,
  servers,
  inChat,
  composer,
  onMakeRoutine,
  notice,
  onOpenSettings,
  onOpenServer,
}: {
  chat: ChatTabState;
  chats: ReturnType<typeof useConversations>;
  servers: ServerView[];
  /** "Use this browser" (in the tools' list), which asks for the sites permission first. */
  inChat: ReturnType<typeof usePermissionSwitch>;
  /** What the keyboard command and "Ask Patchbay about this…" left for the composer. */
  composer: ReturnType<typeof useComposerDraft>;
  /** Opens the Routines editor with this routine (filled from the open chat). */
  onMakeRoutine?(routine: RoutineInput): void;
  /** Said under the header before the person asks (a model that cannot call tools). */
  notice?: ReactNode;
  /** A failure's "Open Settings": the Settings tab with that field focused. */
  onOpenSettings?(target: SettingsTarget): void;
  /** A server problem's Enter <header> or Open in Servers. */
  onOpenServer?: OpenServer;
}) {
  const { conversation } = chats;
  useFreshOpenChat(chats);
  // Only a chat already in the list has something to export.
  const saved = chats.list.conversations.some(({ id }) => id === conversation?.id);
  const { showHistory, setShowHistory } = chat;
  return (
    <section className="panel chat-panel" aria-label="Chat">
      <header className="panel-header">
        <button
          type="button"
          className="quiet conversation-switch"
          onClick={() => setShowHistory(!showHistory)}
          aria-expanded={showHistory}
          aria-label="Chats"
          title="Your chats: open, rename, delete, export"
        >
          <span aria-hidden="true">☰</span> Chats
        </button>
        <span className="conversation-switch-title" title={conversation?.title ?? 'New chat'}>
          {conversation?.title ?? 'New chat'}
        </span>
        {conversation && saved ? (
          <ChatRowMenu
            label="Actions for this chat"
            items={exportItems(
              (format) => void exportChat(chats.history, conversation.id, format, conversation),
            )}
          />
        ) : null}
        <button
          type="button"
          onClick={() => {
            chats.start();
            setShowHistory(false);
          }}
        >
          New chat
        </button>
      </header>
      <ChatHeader {...chat.header} />
      {notice}
      {inChat.note ? (
        <PermissionNote
          feature="Use this browser"
          note={inChat.note}
          onAllow={inChat.allow}
          onCancel={inChat.cancel}
        />
      ) : null}
      {showHistory ? (
        <Suspense fallback={<p className="muted">Loading your chats…</p>}>
          <HistoryDrawer chats={chats} onOpened={() => setShowHistory(false)} />
        </Suspense>
      ) : null}
      {conversation?.skipped ? (
        <p className="chat-error" role="alert">
          {conversation.skipped === 1
            ? '1 saved message of this chat could not be read and is not shown.'
            : `${conversation.skipped} saved messages of this chat could not be read and are not shown.`}
        </p>
      ) : null}
      {conversation ? (
        <ChatSession
          key={`${conversation.id}:${chats.readings}`}
          conversation={conversation}
          history={chats.history}
          journal={chats.journal}
          loadSettings={chat.loadSettings}
          servers={servers}
          askForSites={chat.askForSites}
          loadApprovals={chat.loadApprovals}
          loadApprovalSecret={chat.approvalSecret}
          saveApprovals={chat.saveApprovals}
          onSaved={chat.onSaved}
          onReload={() => void chats.open(conversation.id)}
          tips={
            <Suspense fallback={null}>
              <TipsCard store={chat.store} />
            </Suspense>
          }
          {...(onOpenSettings && { onOpenSettings })}
          {...(onOpenServer && { onOpenServer })}
          onNewChat={() => {
            chats.start();
            composer.focus();
          }}
          onChooseModel={chat.askModelList}
          composerRequest={composer.request}
          onComposerRequestApplied={composer.applied}
          {...(onMakeRoutine && {
            onMakeRoutine: ({ messages, tools }) =>
              onMakeRoutine(
                routineFromChat({
                  title: conversation.title,
                  model: chat.header.model?.current,
                  messages,
                  tools,
                  servers,
                }),
              ),
          })}
        />
      ) : null}
    </section>
  );
}
