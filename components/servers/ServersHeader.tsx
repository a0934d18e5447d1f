export interface ServersHeaderProps {
  /** Import, Export and Add work only from the list, not while a form is open. */
  listShown: boolean;
  /** Export needs at least one custom server. */
  canExport: boolean;
  /** Tools switched on now, against the most one request carries (beyond: tool search). */
  enabledToolCount: number;
  maxTools: number;
  onImport(): void;
  /** Opens the registry's servers. */
  onBrowse(): void;
  onExport(): void;
  onAdd(): void;
}

/** The Servers view's heading with its actions, and how many tools are on. */
export function ServersHeader({
  listShown,
  canExport,
  enabledToolCount,
  maxTools,
  onImport,
  onBrowse,
  onExport,
  onAdd,
}: ServersHeaderProps) {
  return (
    <>
      <header className="panel-header">
        <h1>Servers</h1>
        <div className="header-actions">
          <button type="button" onClick={() => onBrowse()} disabled={!listShown}>
            Browse
          </button>
          <button type="button" onClick={() => onImport()} disabled={!listShown}>
            Import
          </button>
          <button type="button" onClick={() => onExport()} disabled={!listShown || !canExport}>
            Export
          </button>
          <button type="button" className="primary" onClick={() => onAdd()} disabled={!listShown}>
            Add server
          </button>
        </div>
      </header>
      <p className="muted" role="status">
        {enabledToolCount > maxTools
          ? `${enabledToolCount.toLocaleString('en-US')} tools on, more than the ${maxTools} one request can carry: the chat’s model searches them and loads the ones it needs.`
          : enabledToolCount === 0
            ? 'No tools on yet: switch a server on below.'
            : `${enabledToolCount} ${enabledToolCount === 1 ? 'tool' : 'tools'} on`}
      </p>
    </>
  );
}
