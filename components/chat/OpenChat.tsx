import { lazy, Suspense } from 'react';
import type { SettingsTarget } from '../../src/chat-turn/chat-errors';
import type { OpenedConversation } from '../../src/chat/history';
import type { ServerView } from '../../src/messaging/contract';
import type { RoutineInput } from '../../src/routines/routine';
import type { useComposerDraft } from '../composer/use-composer-draft';
import type { useConversations } from '../history/use-conversations';
import { routineFromChat } from '../routines/routine-from-chat';
import { ChatSession } from './ChatSession';
import type { ChatTabState } from './use-chat-tab';
import type { OpenServer } from './use-server-problems';

// The one-time tips load with the first empty chat.
const TipsCard = lazy(() => import('./TipsCard'));

/**
 * The open conversation, wired to the tab: its history, the model and approvals, the composer's
 * requests, and what its notices open. Read again (a new session) when the chat list re-reads it.
 */
export function OpenChat({
  conversation,
  chat,
  chats,
  servers,
  composer,
  onMakeRoutine,
  onOpenSettings,
  onOpenServer,
}: {
  conversation: OpenedConversation;
  chat: ChatTabState;
  chats: ReturnType<typeof useConversations>;
  servers: ServerView[];
  composer: ReturnType<typeof useComposerDraft>;
  onMakeRoutine?(routine: RoutineInput): void;
  onOpenSettings?(target: SettingsTarget): void;
  onOpenServer?: OpenServer;
}) {
  return (
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
  );
}
