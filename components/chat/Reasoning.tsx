import { thoughtLabel } from '../../src/chat/answer-lines';

/**
 * What a model reasoned before answering: collapsed to one line ("Thinking…" while it streams,
 * then "Thought for N s"), the text on request. Shown as plain text: it is the model's
 * working, not its answer.
 */
export function Reasoning({
  text,
  streaming,
  durationMs,
}: {
  text: string;
  streaming: boolean;
  durationMs: number | null | undefined;
}) {
  return (
    <details className="reasoning">
      <summary>{streaming ? 'Thinking…' : thoughtLabel(durationMs)}</summary>
      <div className="reasoning-text">{text}</div>
    </details>
  );
}
