import type { TaskStatus } from '../../src/messaging/tasks-contract';

const LABELS: Record<TaskStatus, string> = {
  working: 'Task running',
  input_required: 'Task waiting for your answer',
  completed: 'Task finished',
  failed: 'Task failed',
  cancelled: 'Task stopped',
};

/**
 * The state of the task a tool call became, under its card: what the server says it is doing
 * (its status message, shown as text) with an indefinite bar while it runs.
 */
export function TaskStatusLine(props: { status: TaskStatus; message?: string | undefined }) {
  return (
    <div className="tool-task" data-task-status={props.status} role="status">
      <div className="tool-progress tool-progress-indefinite" aria-hidden="true">
        <div />
      </div>
      <span>
        <strong>{LABELS[props.status]}</strong>
        {props.message ? <span className="muted"> · {props.message}</span> : null}
      </span>
    </div>
  );
}
