import type { ServerStatus } from '../../src/messaging/contract';
import { STATUS_LABELS } from './status-labels';

export function StatusBadge({ status }: { status: ServerStatus }) {
  const { label, tone } = STATUS_LABELS[status.state];
  return (
    <span className={`badge badge-${tone}`} data-state={status.state} role="status">
      {label}
    </span>
  );
}
