import { MenuButton } from '../shared/MenuButton';

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

/**
 * The Servers view's heading with its actions, and how many tools are on. Add and Browse stay
 * in sight; Import and Export, used seldom, wait in the "⋯" menu so the row fits 320 px.
 */
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
          <button type="button" className="primary" onClick={() => onAdd()} disabled={!listShown}>
            Add server
          </button>
          <MenuButton
            label="More server actions"
            title="Import or export servers"
            content="⋯"
            className="servers-more"
            disabled={!listShown}
            items={[
              { label: 'Import servers', onSelect: onImport },
              { label: 'Export servers', onSelect: onExport, disabled: !canExport },
            ]}
          />
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
