import type { ChatModel } from '../../src/models/chat-model';
import { PROVIDER_LABELS, type ProviderId } from '../../src/models/model-settings';
import { Popover } from './Popover';

export interface ModelSwitchProps {
  current: ChatModel;
  /** What the button shows (the model, and its provider where several are set up). */
  label: string;
  /** Each set-up provider's models; undefined until the menu first opens. */
  lists: { provider: ProviderId; models: string[]; error?: string }[] | undefined;
  onOpen(): void;
  onChoose(model: ChatModel): void;
  /** Opens the list each time it changes (asked from elsewhere in the chat). */
  openRequest?: number;
}

/** The chat's model, shown in its header; opens the models of every provider set up. */
export function ModelSwitch({
  current,
  label,
  lists,
  onOpen,
  onChoose,
  openRequest,
}: ModelSwitchProps) {
  const several = (lists?.length ?? 0) > 1;
  return (
    <Popover
      className="model-switch"
      label={<span className="model-switch-name">{label}</span>}
      buttonLabel={`Model: ${label}. Change the model for this chat`}
      onOpen={onOpen}
      {...(openRequest !== undefined && { openRequest })}
    >
      {(close) => (
        <fieldset className="model-options">
          <legend>Model for this chat</legend>
          {(lists ?? []).map((list) => (
            <div key={list.provider} role="group" aria-label={PROVIDER_LABELS[list.provider]}>
              {several ? <h3>{PROVIDER_LABELS[list.provider]}</h3> : null}
              {list.error ? <p className="muted model-options-error">{list.error}</p> : null}
              {list.models.map((model) => (
                <label key={model} className="model-option">
                  <input
                    type="radio"
                    name="chat-model"
                    checked={current.provider === list.provider && current.model === model}
                    onChange={() => onChoose({ provider: list.provider, model })}
                    // A click closes the list; arrow keys (whose clicks have no detail) only
                    // move the choice, and Enter or Escape closes it.
                    onClick={(event) => {
                      if (event.detail > 0) close();
                    }}
                    onKeyDown={(event) => {
                      if (event.key === 'Enter') close();
                    }}
                  />
                  <span>{model}</span>
                </label>
              ))}
            </div>
          ))}
        </fieldset>
      )}
    </Popover>
  );
}
