import type { UIMessage } from 'ai';
import { useState, type ReactNode } from 'react';
import { ChatTranscript } from './ChatTranscript';
import { TurnNotices } from './TurnNotices';
import { ChatFooter } from './ChatFooter';
import { SessionComposer } from './SessionComposer';
import { useMessageEditing } from './use-message-editing';
import { SessionMessages } from './SessionMessages';
import { ChatStart } from './ChatStart';
import type { SettingsTarget } from '../../src/chat-turn/chat-errors';
import type { OpenServer } from './use-server-problems';
import type { ComposerFill } from '../composer/use-outside-text';
import type { ServerView, ToolView } from '../../src/messaging/contract';
import { useChatToolCards } from './use-chat-tool-cards';
import { SessionResourceDialog } from './SessionResourceDialog';
import { useChatSession, type ChatSessionOptions } from './use-chat-session';
import { useResourceReader } from '../resources/use-resource-reader';
import { useScrollFollow } from './use-scroll-follow';
import { useServerContext } from '../composer/use-server-context';
import type { ComposerRequest } from '../../src/panel-entry/composer-request';
import type { AskForSites } from '../../src/permissions/ask-for-sites';
import { PausedRunNote } from '../routines/PausedRunNote';

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
  const { chat, tools } = session;
  const reader = useResourceReader();
  const context = useServerContext({
    servers,
    messages: chat.messages,
    replaceMessages: chat.setMessages,
  });
  const follow = useScrollFollow();
  // A question the empty chat put in the composer (unsent); a new id puts it again.
  const [fill, setFill] = useState<ComposerFill | undefined>();
  const ask = (text: string) => setFill((previous) => ({ text, id: (previous?.id ?? 0) + 1 }));
  const editing = useMessageEditing(session, follow.jumpToLatest);

  const cards = useChatToolCards({
    session,
    servers,
    settings: props,
    setNotice: context.setNotice,
    onSend: follow.jumpToLatest,
    openResource: reader.read,
  });

  const { saveError, routineRun } = session;
  return (
    <div className="chat">
      {/* The chat's header (model, tools) goes here, above the transcript. */}
      {routineRun.run ? (
        <PausedRunNote run={routineRun.run} failed={routineRun.handBackFailed} />
      ) : null}
      <ChatTranscript follow={follow}>
        {chat.messages.length === 0 ? (
          <ChatStart
            servers={servers}
            tools={tools}
            askForSites={props.askForSites}
            onAsk={ask}
            tips={props.tips}
          />
        ) : (
          <SessionMessages
            session={session}
            cards={cards}
            editing={editing}
            onMakeRoutine={props.onMakeRoutine}
            onOpenResource={reader.read}
          />
        )}
        <TurnNotices
          session={session}
          onOpenSettings={props.onOpenSettings}
          onNewChat={props.onNewChat}
          onChooseModel={props.onChooseModel}
        />
      </ChatTranscript>
      <ChatFooter
        servers={servers}
        askForSites={props.askForSites}
        onOpenServer={props.onOpenServer}
        notices={[saveError, context.notice]}
      >
        <SessionComposer
          session={session}
          servers={servers}
          context={context}
          loadSettings={props.loadSettings}
          request={props.composerRequest}
          onRequestApplied={props.onComposerRequestApplied}
          fill={fill}
          onEditLast={editing.editLast}
          onSent={follow.jumpToLatest}
        />
      </ChatFooter>
      <SessionResourceDialog reader={reader} servers={servers} onAttach={context.attach} />
    </div>
  );
}
