import { CopyButton } from './CopyButton';

/** Under a finished answer: Copy (its Markdown), Regenerate (the last one), the usage line. */
export function AnswerActions({
  markdown,
  usage,
  onRegenerate,
}: {
  markdown: string;
  /** The model and tokens used (answer-lines.ts `usageLine`), when the provider reported them. */
  usage?: string | undefined;
  onRegenerate?: (() => void) | undefined;
}) {
  if (!markdown && !usage && !onRegenerate) return null;
  return (
    <div className="answer-actions">
      {markdown ? <CopyButton text={markdown} name="Copy answer" /> : null}
      {onRegenerate ? (
        <button type="button" className="link" onClick={onRegenerate}>
          Regenerate
        </button>
      ) : null}
      {usage ? <span className="answer-usage">{usage}</span> : null}
    </div>
  );
}
