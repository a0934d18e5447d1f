/**
 * What every tool approval shows, whoever asks (the model in a tool card, an app in its card):
 * why Patchbay asks again about a tool always allowed, and the three answers.
 */
export function ChangedSinceAllowed({
  serverName,
  changed,
}: {
  serverName: string;
  changed: readonly string[] | undefined;
}) {
  if (!changed?.length) return null;
  return (
    <p className="approval-changed">
      You always allowed this tool, but {serverName} has changed {changed.join(' and ')} since, so
      Patchbay asks again.
    </p>
  );
}

/** Why the chat asks about a call it might otherwise have run (src/policy/turn-taint.ts). */
export function WhyAsked({ reason }: { reason: string | undefined }) {
  if (!reason) return null;
  return <p className="approval-changed approval-why">{reason}</p>;
}

/**
 * What a call of a tool its server marks destructive will do, in words from its name
 * (src/policy/destructive-call.ts), above the card's data.
 */
export function DestructiveWarning({
  summary,
  serverName,
}: {
  summary: string | undefined;
  serverName: string;
}) {
  if (!summary) return null;
  return (
    <p className="approval-destructive">
      <strong>{summary}.</strong> {serverName} marks this tool as one that deletes or overwrites, so
      Patchbay asks every time.
    </p>
  );
}

export function ApprovalButtons({
  onApprove,
  onDeny,
  onAlwaysAllow,
  disabled = false,
  dangerous = false,
}: {
  onApprove(): void;
  onDeny(): void;
  onAlwaysAllow(): void;
  /** Buttons that do not take a click yet (an app's question, just shown). */
  disabled?: boolean;
  /** A destructive call: Approve reads as dangerous, and there is no Always allow. */
  dangerous?: boolean;
}) {
  return (
    <>
      <button
        type="button"
        className={dangerous ? 'primary danger' : 'primary'}
        disabled={disabled}
        onClick={onApprove}
      >
        Approve
      </button>
      <button type="button" disabled={disabled} onClick={onDeny}>
        Deny
      </button>
      {dangerous ? null : (
        <button type="button" className="quiet" disabled={disabled} onClick={onAlwaysAllow}>
          Always allow this tool
        </button>
      )}
    </>
  );
}
