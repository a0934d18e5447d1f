import type { PanelTab } from './use-panel-tabs';

const TAB_LABELS: Record<PanelTab, string> = {
  chat: 'Chat',
  servers: 'Servers',
  routines: 'Routines',
  settings: 'Settings',
};

/** The panel's four tabs, the one shown selected. */
export function TabBar({ tab, onSelect }: { tab: PanelTab; onSelect(name: PanelTab): void }) {
  return (
    <nav className="tabs" role="tablist" aria-label="Patchbay">
      {(['chat', 'servers', 'routines', 'settings'] as const).map((name) => (
        <button
          key={name}
          type="button"
          role="tab"
          aria-selected={tab === name}
          onClick={() => onSelect(name)}
        >
          {TAB_LABELS[name]}
        </button>
      ))}
    </nav>
  );
}
