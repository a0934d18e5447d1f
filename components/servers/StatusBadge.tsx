import type { ServerStatus } from '../../src/messaging/contract';
import { statusLabel } from './status-labels';

export function StatusBadge({ status }: { status: ServerStatus }) {
  const { label, tone } = statusLabel(status);
  return (
    <span className={`badge badge-${tone}`} data-state={status.state} role="status">
      {label}
    </span>
  );
}
