import { useState, type FormEvent, type KeyboardEvent } from 'react';

export interface ComposerProps {
  busy: boolean;
  disabledReason?: string;
  onSend(text: string): void;
  onStop(): void;
}

export function Composer({ busy, disabledReason, onSend, onStop }: ComposerProps) {
  const [text, setText] = useState('');
  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    if (busy || disabledReason || !text.trim()) return;
    onSend(text.trim());
    setText('');
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) submit(event);
  };
  return (
    <form className="composer" onSubmit={submit}>
      <textarea
        aria-label="Message"
        placeholder={disabledReason ?? 'Ask anything… (Enter to send, Shift+Enter for a new line)'}
        value={text}
        rows={2}
        onChange={(event) => setText(event.target.value)}
        onKeyDown={onKeyDown}
        disabled={Boolean(disabledReason)}
      />
      {busy ? (
        <button type="button" onClick={onStop}>
          Stop
        </button>
      ) : (
        <button
          type="submit"
          className="primary"
          disabled={Boolean(disabledReason) || !text.trim()}
        >
          Send
        </button>
      )}
    </form>
  );
}
