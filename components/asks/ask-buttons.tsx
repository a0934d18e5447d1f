import type { ElicitationCardProps } from './elicitation-card-props';

export function DeclineButton({ serverName, onDecline }: ElicitationCardProps) {
  return (
    <button
      type="button"
      onClick={() => onDecline()}
      aria-label={`Decline ${serverName}'s request`}
    >
      Decline
    </button>
  );
}

export function CancelButton({ serverName, onCancel }: ElicitationCardProps) {
  return (
    <button
      type="button"
      className="quiet"
      onClick={() => onCancel()}
      aria-label={`Cancel ${serverName}'s request`}
    >
      Cancel
    </button>
  );
}
