import type { ChatErrorExplained, SettingsTarget } from '../../src/chat-turn/chat-errors';

/**
 * A failed request in the chat: what went wrong in words, the step that helps (the Settings
 * field to fix, another model, a new chat), and Retry.
 */
export function ChatErrorNotice({
  failure,
  onRetry,
  onOpenSettings,
  onNewChat,
  onChooseModel,
}: {
  failure: ChatErrorExplained;
  onRetry(): void;
  /** Opens the Settings tab at the provider's form, with this field focused. */
  onOpenSettings?: ((target: SettingsTarget) => void) | undefined;
  onNewChat?: (() => void) | undefined;
  /** Opens the list of models in the chat's header. */
  onChooseModel?: (() => void) | undefined;
}) {
  const { step } = failure;
  return (
    <div className="chat-error" role="alert">
      <p>{failure.sentence}</p>
      <span className="chat-error-actions">
        {step.kind === 'settings' && onOpenSettings ? (
          <button type="button" className="primary" onClick={() => onOpenSettings(step)}>
            Open Settings
          </button>
        ) : null}
        {step.kind === 'choose-model' && onChooseModel ? (
          <button type="button" className="primary" onClick={onChooseModel}>
            Choose another model
          </button>
        ) : null}
        {step.kind === 'new-chat' && onNewChat ? (
          <button type="button" className="primary" onClick={onNewChat}>
            Start a new chat
          </button>
        ) : null}
        <button type="button" onClick={onRetry}>
          Retry
        </button>
      </span>
    </div>
  );
}
