import { CopyButton } from './CopyButton';

/**
 * Under a finished answer: Copy (its Markdown), Regenerate and Make this a routine (the last
 * one), secondary buttons of equal weight; then the usage line.
 */
export function AnswerActions({
  markdown,
  usage,
  onRegenerate,
  onMakeRoutine,
}: {
  markdown: string;
  /** The model and tokens used (answer-lines.ts `usageLine`), when the provider reported them. */
  usage?: string | undefined;
  onRegenerate?: (() => void) | undefined;
  /** Opens the Routines editor filled from this chat. */
  onMakeRoutine?: (() => void) | undefined;
}) {
  if (!markdown && !usage && !onRegenerate && !onMakeRoutine) return null;
  return (
    <div className="answer-actions">
      {markdown ? <CopyButton text={markdown} name="Copy answer" /> : null}
      {onRegenerate ? (
        <button type="button" onClick={onRegenerate}>
          Regenerate
        </button>
      ) : null}
      {onMakeRoutine ? (
        <button type="button" onClick={onMakeRoutine}>
          Make this a routine
        </button>
      ) : null}
      {usage ? <span className="answer-usage">{usage}</span> : null}
    </div>
  );
}
