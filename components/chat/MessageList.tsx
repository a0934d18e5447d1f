import { useState, type ReactNode } from 'react';
import type { DynamicToolUIPart, UIMessage } from 'ai';
import { Markdown } from './Markdown';

export interface MessageListProps {
  messages: UIMessage[];
  streaming: boolean;
  renderTool(part: DynamicToolUIPart): ReactNode;
  onEdit(messageId: string, text: string): void;
}

export function MessageList({ messages, streaming, renderTool, onEdit }: MessageListProps) {
  return (
    <ol className="messages" aria-live="polite">
      {messages.map((message) => (
        <li key={message.id} className={`message message-${message.role}`} data-role={message.role}>
          {message.role === 'user' ? (
            <UserMessage
              message={message}
              editable={!streaming}
              onEdit={(text) => onEdit(message.id, text)}
            />
          ) : (
            message.parts.map((part, index) => {
              if (part.type === 'text') return <Markdown key={index} text={part.text} />;
              if (part.type === 'dynamic-tool')
                return <div key={part.toolCallId}>{renderTool(part)}</div>;
              return null;
            })
          )}
        </li>
      ))}
    </ol>
  );
}

function UserMessage({
  message,
  editable,
  onEdit,
}: {
  message: UIMessage;
  editable: boolean;
  onEdit(text: string): void;
}) {
  const text = message.parts.map((part) => (part.type === 'text' ? part.text : '')).join('');
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState(text);
  if (editing) {
    return (
      <form
        className="edit-message"
        onSubmit={(event) => {
          event.preventDefault();
          setEditing(false);
          if (draft.trim()) onEdit(draft.trim());
        }}
      >
        <textarea
          aria-label="Edit message"
          value={draft}
          onChange={(event) => setDraft(event.target.value)}
          rows={3}
        />
        <div className="form-actions">
          <button type="submit" className="primary">
            Send
          </button>
          <button type="button" onClick={() => setEditing(false)}>
            Cancel
          </button>
        </div>
      </form>
    );
  }
  return (
    <div className="user-bubble">
      <p>{text}</p>
      {editable ? (
        <button
          type="button"
          className="link"
          onClick={() => {
            setDraft(text);
            setEditing(true);
          }}
        >
          Edit
        </button>
      ) : null}
    </div>
  );
}
