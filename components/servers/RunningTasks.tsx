import { taskKey, type TaskView } from '../../src/messaging/tasks-contract';

const STATUS: Record<TaskView['status'], string> = {
  working: 'Running',
  input_required: 'Waiting for your answer',
  completed: 'Finished',
  failed: 'Failed',
  cancelled: 'Stopped',
};

const running = (task: TaskView) => task.status === 'working' || task.status === 'input_required';

/**
 * Tool calls that servers run as tasks: which tool on which server, its state and the server's
 * last words (text), and Stop for one still running. Nothing is shown when there are none.
 */
export function RunningTasks(props: { tasks: readonly TaskView[]; onStop(task: TaskView): void }) {
  if (props.tasks.length === 0) return null;
  return (
    <section aria-label="Running tasks" className="running-tasks">
      <h2>Running tasks</h2>
      <ul className="task-list">
        {props.tasks.map((task) => (
          <li key={taskKey(task)} className="task-row" data-task-status={task.status}>
            <div className="task-row-head">
              <code>{task.toolName}</code>
              <span className="muted"> on {task.serverName}</span>
              <span className={`badge badge-${running(task) ? 'busy' : 'neutral'}`}>
                {STATUS[task.status]}
              </span>
            </div>
            {task.error || task.note || task.statusMessage ? (
              <p className="muted task-row-message">
                {task.error ?? task.note ?? task.statusMessage}
              </p>
            ) : null}
            {running(task) ? (
              <button
                type="button"
                className="quiet"
                aria-label={`Stop ${task.toolName} on ${task.serverName}`}
                onClick={() => props.onStop(task)}
              >
                Stop
              </button>
            ) : null}
          </li>
        ))}
      </ul>
    </section>
  );
}
