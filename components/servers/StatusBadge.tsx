import type { ServerStatus } from '../../src/messaging/contract';
import { STATUS_LABELS } from './status-labels';

export function StatusBadge({ status }: { status: ServerStatus }) {
  // A site Chrome has not allowed yet is the person's to allow, not a failure of the server.
  const { label, tone } = status.needsAccess?.length
    ? { label: 'Site access needed', tone: 'warn' }
    : STATUS_LABELS[status.state];
  return (
    <span className={`badge badge-${tone}`} data-state={status.state} role="status">
      {label}
    </span>
  );
}
