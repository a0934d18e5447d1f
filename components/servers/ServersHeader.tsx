export interface ServersHeaderProps {
  /** Import, Export and Add work only from the list, not while a form is open. */
  listShown: boolean;
  /** Export needs at least one custom server. */
  canExport: boolean;
  /** Tools the model would be offered now, against the most it accepts. */
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
      <p className={enabledToolCount > maxTools ? 'field-error' : 'muted'} role="status">
        {enabledToolCount} of {maxTools} tools on
        {enabledToolCount > maxTools
          ? ' — more than the model accepts; switch some off below.'
          : ''}
      </p>
    </>
  );
}
