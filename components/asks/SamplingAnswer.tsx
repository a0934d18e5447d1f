import type { ReactNode } from 'react';

export interface SamplingAnswerProps {
  baseId: string;
  serverName: string;
  model: string;
  /** The answer as the person sees it: their edit, or the model's text. */
  answer: string;
  /** The card's Refuse button. */
  refuse: ReactNode;
  onAnswerChange(text: string): void;
  onSend(answerText: string): void;
}

/** The model's answer, editable, sent back to the server only when the person presses Send. */
export function SamplingAnswer({
  baseId,
  serverName,
  model,
  answer,
  refuse,
  onAnswerChange,
  onSend,
}: SamplingAnswerProps) {
  return (
    <>
      <div className="ask-field">
        <label htmlFor={`${baseId}-answer`}>Answer from {model}</label>
        <textarea
          id={`${baseId}-answer`}
          value={answer}
          rows={6}
          onChange={(event) => onAnswerChange(event.target.value)}
        />
        <p className="muted">
          {serverName} sees only what you send; you can edit the answer first.
        </p>
      </div>
      <div className="form-actions ask-actions">
        <button type="button" className="primary" onClick={() => onSend(answer)}>
          Send to {serverName}
        </button>
        {refuse}
      </div>
    </>
  );
}
