import { lazy, Suspense, type ReactNode } from 'react';
import type { PatchbayClient } from '../../src/messaging/client';
import type { BrowserPermissions } from '../../src/permissions/browser-permissions';
import { BrowserAccessPanel } from '../browser-access/BrowserAccessPanel';
import type { BrowserAccess } from '../browser-access/use-browser-access';
import { ChatHistorySettings } from '../history/ChatHistorySettings';
import type { useConversations } from '../history/use-conversations';
import { AllowedSites } from '../page-tools/AllowedSites';
import { RegistrySetting } from '../registry/RegistrySetting';
import { TaskNotices } from './TaskNotices';
import { useStored } from '../shared/use-stored';
import type { KeyValueStore } from '../../src/platform/ports';
import { REGISTRY_URL_KEY } from '../../src/registry/registry-setting';
import { z } from 'zod';
import { useAllowedSites } from '../page-tools/use-allowed-sites';
import type { AskForSites } from '../../src/permissions/ask-for-sites';

// Backup and restore load with the Settings tab's first showing, not with the panel.
const BackupSection = lazy(() => import('./BackupSection'));

/** The Settings tab: the model, chat history, sites with tools allowed, and browser access. */
export function SettingsTab({
  client,
  modelSetup,
  keepDays,
  onKeepDays,
  chats,
  browserAccess,
  permissions,
  taskNotices,
  store,
  askForSites,
  restoreFirst = false,
}: {
  client: PatchbayClient;
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
  /** Came from the first-run screen's Restore link: the restore's file chooser has focus. */
  restoreFirst?: boolean;
}) {
  return (
    <section className="panel" aria-label="Settings">
      <h1>Model</h1>
      {modelSetup}
      <ChatHistorySettings
        keepDays={keepDays}
        chatCount={chats.list.conversations.length}
        onKeepDays={onKeepDays}
        onDeleteAll={() => void chats.removeAll()}
        {...(chats.notice ? { notice: chats.notice } : {})}
      />
      <SettingsSites client={client} />
      <SettingsRegistry store={store} />
      <TaskNotices permissions={taskNotices} />
      <BrowserAccessPanel access={browserAccess} permissions={permissions} />
      <Suspense>
        <BackupSection
          store={store}
          client={client}
          history={chats.history}
          askForSites={askForSites}
          restoreFirst={restoreFirst}
        />
      </Suspense>
    </section>
  );
}

function SettingsSites({ client }: { client: PatchbayClient }) {
  const allowed = useAllowedSites(client);
  return (
    <AllowedSites
      sites={allowed.sites}
      onForget={allowed.forget}
      {...(allowed.error ? { error: allowed.error } : {})}
    />
  );
}

const registryUrlSchema = z.string().url();

function SettingsRegistry({ store }: { store: KeyValueStore }) {
  const stored = useStored(store, REGISTRY_URL_KEY, registryUrlSchema);
  return <RegistrySetting url={stored.value} onSave={(url) => void stored.save(url)} />;
}
