import { useState } from 'react';
import { RETENTION_CHOICES } from '../../src/chat/retention';

export interface ChatHistorySettingsProps {
  /** Days chats are kept; undefined is forever. */
  keepDays: number | undefined;
  chatCount: number;
  onKeepDays(days: number | undefined): void;
  onDeleteAll(): void;
  /** What the last change did ("Deleted 3 chats."), or an error. */
  notice?: string;
}

const label = (days: number | undefined) =>
  days === undefined ? 'Forever' : days === 1 ? '1 day' : `${days} days`;

/** How long chats are kept, and deleting them all after a confirmation. */
export function ChatHistorySettings(props: ChatHistorySettingsProps) {
  const [confirming, setConfirming] = useState(false);
  return (
    <section aria-label="Chat history">
      <h2>Chats</h2>
      <label>
        Keep chats{' '}
        <select
          aria-label="Keep chats"
          value={props.keepDays ?? ''}
          onChange={(event) =>
            props.onKeepDays(event.target.value === '' ? undefined : Number(event.target.value))
          }
        >
          {RETENTION_CHOICES.map((days) => (
            <option key={days ?? 'forever'} value={days ?? ''}>
              {label(days)}
            </option>
          ))}
        </select>
      </label>
      <p className="muted">
        Chats not changed for longer are deleted when the panel opens and when this changes.
      </p>
      {confirming ? (
        <div className="chat-error" role="alertdialog" aria-label="Delete all chats?">
          <p>
            Delete all {props.chatCount === 1 ? '1 chat' : `${props.chatCount} chats`}? This cannot
            be undone.
          </p>
          <button
            type="button"
            className="danger"
            onClick={() => {
              setConfirming(false);
              props.onDeleteAll();
            }}
          >
            Delete all
          </button>
          <button type="button" onClick={() => setConfirming(false)}>
            Cancel
          </button>
        </div>
      ) : (
        <button type="button" disabled={props.chatCount === 0} onClick={() => setConfirming(true)}>
          Delete all chats…
        </button>
      )}
      {props.notice ? <p role="status">{props.notice}</p> : null}
    </section>
  );
}
