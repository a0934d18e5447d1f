import { lazy, Suspense, useState, type ReactNode } from 'react';
import type { BrowserPermissions } from '../../src/permissions/browser-permissions';
import type { AskForSites } from '../../src/permissions/ask-for-sites';
import type { KeyValueStore } from '../../src/platform/ports';
import type { BrowserAccess } from '../browser-access/use-browser-access';
import type { useConversations } from '../history/use-conversations';
import { SETTINGS_GROUP_LABELS, SETTINGS_GROUPS, type SettingsGroup } from './settings-groups';
import './settings-tab.css';

// Each group but the model loads with its first showing: Settings opens on the model.
const DataGroup = lazy(() => import('./groups/DataGroup'));
const PermissionsGroup = lazy(() => import('./groups/PermissionsGroup'));
const BrowserAccessPanel = lazy(() =>
  import('../browser-access/BrowserAccessPanel').then((module) => ({
    default: module.BrowserAccessPanel,
  })),
);
const AdvancedGroup = lazy(() => import('./groups/AdvancedGroup'));

export interface SettingsTabProps {
  modelSetup: ReactNode;
  keepDays: number | undefined;
  onKeepDays(days: number | undefined): void;
  chats: ReturnType<typeof useConversations>;
  browserAccess: BrowserAccess;
  permissions: BrowserPermissions;
  /** What notices of tasks that end while the panel is closed need (notifications). */
  taskNotices: BrowserPermissions;
  store: KeyValueStore;
  askForSites: AskForSites;
  /** Came from the first-run screen's Restore link: Chats and data, the file chooser focused. */
  restoreFirst?: boolean;
}

/**
 * The Settings tab, in groups (Model · Chats and data · Permissions · Desktop apps · Advanced),
 * one showing at a time. Every control saves as it changes: switches and lists at once, a typed
 * address when the field is left (the relay's address and token, which go together, when their
 * form is left), the model once its key answered; a quiet "Saved." says so.
 * Loaded with its first showing, not with the panel.
 */
export default function SettingsTab(props: SettingsTabProps) {
  const [group, setGroup] = useState<SettingsGroup>(props.restoreFirst ? 'data' : 'model');
  return (
    <section className="panel settings" aria-label="Settings">
      <div className="settings-groups" role="tablist" aria-label="Settings groups">
        {SETTINGS_GROUPS.map((id) => (
          <button
            key={id}
            id={`settings-tab-${id}`}
            type="button"
            role="tab"
            aria-selected={group === id}
            aria-controls="settings-group"
            onClick={() => setGroup(id)}
          >
            {SETTINGS_GROUP_LABELS[id]}
          </button>
        ))}
      </div>
      <div
        id="settings-group"
        className="settings-group"
        role="tabpanel"
        aria-labelledby={`settings-tab-${group}`}
      >
        <h1>{SETTINGS_GROUP_LABELS[group]}</h1>
        <Suspense fallback={<p className="muted">Loading…</p>}>
          <Group group={group} {...props} />
        </Suspense>
      </div>
    </section>
  );
}

function Group({ group, ...props }: SettingsTabProps & { group: SettingsGroup }) {
  switch (group) {
    case 'model':
      return props.modelSetup;
    case 'data':
      return (
        <DataGroup
          store={props.store}
          chats={props.chats}
          keepDays={props.keepDays}
          onKeepDays={props.onKeepDays}
          askForSites={props.askForSites}
          restoreFirst={props.restoreFirst ?? false}
        />
      );
    case 'permissions':
      return <PermissionsGroup taskNotices={props.taskNotices} />;
    case 'desktop':
      return <BrowserAccessPanel access={props.browserAccess} permissions={props.permissions} />;
    case 'advanced':
      return <AdvancedGroup store={props.store} />;
  }
}
