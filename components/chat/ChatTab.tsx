import { lazy, Suspense, type ReactNode } from 'react';
import type { SettingsTarget } from '../../src/chat-turn/chat-errors';
import type { ServerView } from '../../src/messaging/contract';
import type { useComposerDraft } from '../composer/use-composer-draft';
import type { useConversations } from '../history/use-conversations';
import { PermissionNote } from '../permissions/PermissionNote';
import type { usePermissionSwitch } from '../permissions/use-permission-switch';
import { ChatHeader } from './ChatHeader';
import { ChatTabHeader } from './ChatTabHeader';
import { OpenChat } from './OpenChat';
import type { ChatTabState } from './use-chat-tab';
import type { RoutineInput } from '../../src/routines/routine';
import type { OpenServer } from './use-server-problems';
import { useFreshOpenChat } from './use-fresh-open-chat';

// The chat list loads with its first opening (it costs the panel's first load nothing).
const HistoryDrawer = lazy(() =>
  import('../history/HistoryDrawer').then((module) => ({ default: module.HistoryDrawer })),
);

/**
 * The Chat tab: one row with the chat list's button, the open chat's title with its ⋯ (Export)
 * and "New chat" (ChatTabHeader); the header with the chat's model and tools (the browser's
 * among them); and the chat itself (OpenChat).
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
  const { showHistory, setShowHistory } = chat;
  return (
    <section className="panel chat-panel" aria-label="Chat">
      <ChatTabHeader chats={chats} showHistory={showHistory} setShowHistory={setShowHistory} />
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
        <OpenChat
          conversation={conversation}
          chat={chat}
          chats={chats}
          servers={servers}
          composer={composer}
          {...(onMakeRoutine && { onMakeRoutine })}
          {...(onOpenSettings && { onOpenSettings })}
          {...(onOpenServer && { onOpenServer })}
        />
      ) : null}
    </section>
  );
}
