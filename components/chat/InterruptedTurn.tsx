export interface InterruptedTurnProps {
  /** Whether part of an answer is there to go on from. */
  partial: boolean;
  onContinue(): void;
  onRetry(): void;
}

/** A turn that never finished (the panel or browser closed, the network went): what to do now. */
export function InterruptedTurn({ partial, onContinue, onRetry }: InterruptedTurnProps) {
  return (
    <div className="interrupted-turn" role="status" aria-label="Interrupted answer">
      <p>
        {partial
          ? 'This answer was interrupted before it finished. What had arrived is kept above.'
          : 'This question was interrupted before an answer arrived.'}
      </p>
      <div className="interrupted-actions">
        <button type="button" onClick={onContinue}>
          Continue
        </button>
        <button type="button" className="quiet" onClick={onRetry}>
          Retry
        </button>
      </div>
    </div>
  );
}
