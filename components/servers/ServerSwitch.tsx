import type { ServerCardProps } from './server-card-props';

/** Whether the server is on: the card's action while it is off or works, otherwise in Details. */
export function ServerSwitch({
  server,
  busy,
  onToggle,
}: Pick<ServerCardProps, 'server' | 'busy' | 'onToggle'>) {
  return (
    <label className="switch">
      <input
        type="checkbox"
        role="switch"
        checked={server.isEnabled}
        disabled={busy}
        onChange={(event) => onToggle(event.target.checked)}
        aria-label={`Enable ${server.name}`}
      />
      <span aria-hidden="true" />
    </label>
  );
}
