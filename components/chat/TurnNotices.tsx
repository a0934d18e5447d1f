import type { SettingsTarget } from '../../src/chat-turn/chat-errors';
import { ChatErrorNotice } from './ChatErrorNotice';
import { InterruptedTurn } from './InterruptedTurn';
import type { ChatSessionState } from './use-chat-session';

/** Where the last turn stands, under it: interrupted, thinking, or failed (with what to do). */
export function TurnNotices({
  session,
  onOpenSettings,
  onNewChat,
  onChooseModel,
}: {
  session: ChatSessionState;
  onOpenSettings: ((target: SettingsTarget) => void) | undefined;
  onNewChat: (() => void) | undefined;
  onChooseModel: (() => void) | undefined;
}) {
  const { chat, interrupted, failure } = session;
  return (
    <>
      {interrupted ? <InterruptedTurn {...interrupted} /> : null}
      {chat.status === 'submitted' ? <p className="muted thinking">Thinking…</p> : null}
      {failure ? (
        <ChatErrorNotice
          failure={failure}
          onRetry={() => void chat.regenerate()}
          onOpenSettings={onOpenSettings}
          onNewChat={onNewChat}
          onChooseModel={onChooseModel}
        />
      ) : null}
    </>
  );
}
