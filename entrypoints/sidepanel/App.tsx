import { lazy, Suspense, useCallback, useMemo, useState } from 'react';
import { useAsks } from '../../components/asks/use-asks';
import { ExternalApprovals } from '../../components/browser-access/ExternalApprovals';
import { useBrowserAccess } from '../../components/browser-access/use-browser-access';
import { ChatTab } from '../../components/chat/ChatTab';
import { useChatTab } from '../../components/chat/use-chat-tab';
import { useComposerDraft } from '../../components/composer/use-composer-draft';
import { useOpenRunChat } from '../../components/routines/use-open-run-chat';
import { useConversations } from '../../components/history/use-conversations';
import { SiteOffers } from '../../components/page-tools/SiteOffers';
import { useSiteOffers } from '../../components/page-tools/use-site-offers';
import { usePermissionSwitch } from '../../components/permissions/use-permission-switch';
import { useRoutineEditing } from '../../components/routines/use-routine-editing';
import { ServersPanel } from '../../components/servers/ServersPanel';
import { useServers } from '../../components/servers/use-servers';
import { FirstRun } from '../../components/settings/FirstRun';
import { useModelChoice, useOnDeviceOffered } from '../../components/settings/use-model-choice';
import { useStored } from '../../components/shared/use-stored';
import type { OpenServer } from '../../components/chat/use-server-problems';
import type { SettingsTarget } from '../../src/chat-turn/chat-errors';
import type { ProviderId } from '../../src/models/model-settings';
import { useSyncWhenOn } from '../../components/sync/use-sync-when-on';
import { settingsForChat } from '../../src/models/chat-model';
import { cannotCallTools } from '../../src/models/model-settings';
import { CHAT_RETENTION_KEY, retentionSchema } from '../../src/chat/retention';
import type { BrowserPermissions } from '../../src/permissions/browser-permissions';
import type { AskForSites } from '../../src/permissions/ask-for-sites';
import type { ActiveTabWatch, ComposerInbox, KeyValueStore } from '../../src/platform/ports';

type Tab = 'chat' | 'servers' | 'routines' | 'settings';

// The Routines tab loads with its first visit (it costs the panel's first load nothing).
const RoutinesTab = lazy(() =>
  import('../../components/routines/RoutinesTab').then((module) => ({
    default: module.RoutinesTab,
  })),
);

// The model's form (first run, Settings) and Settings load with their first showing.
const ModelSetup = lazy(() => import('../../components/settings/ModelSetup'));
const SettingsTab = lazy(() => import('../../components/settings/SettingsTab'));

// What servers wait on the person for loads with the first question (most sessions have none).
const AsksPanel = lazy(() =>
  import('../../components/asks/AsksPanel').then((module) => ({ default: module.AsksPanel })),
);

// Said only for a chat whose model cannot call tools (a local one that says so).
const ToolsNotice = lazy(() => import('../../components/chat/ToolsNotice'));

const TAB_LABELS: Record<Tab, string> = {
  chat: 'Chat',
  servers: 'Servers',
  routines: 'Routines',
  settings: 'Settings',
};

/**
 * The side panel's shell: its four tabs, what shows above every tab (sites offering tools,
 * desktop clients' calls to approve, servers' questions), and the state the tabs share, held
 * here so it outlives switching tabs.
 */
export function App({
  store,
  permissions,
  websiteTools,
  taskNotices,
  askForSites,
  inbox,
  watchActiveTab,
  serveLocalOrigins,
}: {
  store: KeyValueStore;
  /** What the browser's own tools need (tabs, tab groups, all sites). */
  permissions: BrowserPermissions;
  /** What websites' own tools need (all sites). */
  websiteTools: BrowserPermissions;
  /** What notices of tasks and routines need (notifications). */
  taskNotices: BrowserPermissions;
  /** Asks Chrome for the sites a click needs (a server's, a model's, the registry's). */
  askForSites: AskForSites;
  /** What the keyboard command and "Ask Patchbay about this…" leave for the composer. */
  inbox: ComposerInbox;
  /** The person switching tabs, so the tab they are on is looked at for tools it offers. */
  watchActiveTab?: ActiveTabWatch;
  /** Lets model servers on this machine serve Patchbay's requests (chrome-local-origins.ts). */
  serveLocalOrigins(origins: readonly string[]): Promise<boolean>;
}) {
  const serverState = useServers();
  const servers = serverState.servers ?? [];
  const asks = useAsks();
  const siteOffers = useSiteOffers(watchActiveTab);
  const browserAccess = useBrowserAccess();
  const browserOn = browserAccess.view?.inChat ?? false;
  const { send: sendBrowserAccess } = browserAccess;
  const setInChat = useCallback(
    (enabled: boolean) => void sendBrowserAccess('browser-access/in-chat/set', { enabled }),
    [sendBrowserAccess],
  );
  const inChat = usePermissionSwitch({
    permissions,
    feature: 'Use this browser',
    on: browserOn,
    setOn: setInChat,
  });
  const models = useModelChoice(store);
  const [tab, setTab] = useState<Tab>('chat');
  // Where Settings opens this time: the restore (first run's link), a provider's form (a chat's
  // failure), or its first group. Set anew by every way into Settings.
  const [settingsOpening, setSettingsOpening] = useState<{
    restore?: boolean;
    provider?: ProviderId;
  }>({});
  useSyncWhenOn(store);
  const showChat = useCallback(() => setTab('chat'), []);
  // A chat's "Open Settings" and a server problem's button: the tab, then the control there.
  const openSettings = useCallback((target: SettingsTarget) => {
    setSettingsOpening(target.provider ? { provider: target.provider } : {});
    setTab('settings');
    void import('../../components/shared/panel-navigation').then((module) =>
      module.showSettingsField(target.field),
    );
  }, []);
  const openServer = useCallback<OpenServer>((serverId, header) => {
    setTab('servers');
    if (serverId)
      void import('../../components/shared/panel-navigation').then((module) =>
        module.showServerCard(serverId, header),
      );
  }, []);
  const composer = useComposerDraft(inbox, showChat);
  const routineEditing = useRoutineEditing();
  const keepDays = useStored(store, CHAT_RETENTION_KEY, retentionSchema);
  const chats = useConversations({
    store,
    keepDays: keepDays.value ?? undefined,
    ready: keepDays.loaded,
  });
  const showRunChat = useMemo(
    () => ({ chat: showChat, routines: () => setTab('routines') }),
    [showChat],
  );
  useOpenRunChat(composer.request, chats.open, showRunChat);
  const chat = useChatTab({
    store,
    models,
    chats,
    servers,
    browserOn,
    onBrowserToggle: inChat.toggle,
    askForSites,
  });
  const onDeviceOffered = useOnDeviceOffered(
    models.loaded && (tab === 'settings' || (tab === 'chat' && !models.choice)),
  );
  const modelSetup = (mode: 'first-run' | 'settings') => (
    <Suspense fallback={<p className="muted">Loading…</p>}>
      <ModelSetup
        models={models}
        {...(mode === 'settings' && settingsOpening.provider
          ? { provider: settingsOpening.provider }
          : {})}
        onDeviceOffered={onDeviceOffered}
        mode={mode}
        askForSites={askForSites}
        serveLocalOrigins={serveLocalOrigins}
      />
    </Suspense>
  );

  const chatSettings = settingsForChat(models.choice, chat.header.model?.current);
  const toolsNotice =
    chatSettings?.provider === 'compatible' && cannotCallTools(chatSettings) ? (
      <Suspense fallback={null}>
        <ToolsNotice
          model={chatSettings.model}
          withTools={Object.keys(chatSettings.capabilities ?? {}).filter(
            (id) => chatSettings.capabilities?.[id]?.tools,
          )}
          onUse={(model) => chat.header.model?.onChoose({ provider: 'compatible', model })}
        />
      </Suspense>
    ) : null;

  if (!models.loaded) return <main className="panel muted">Loading…</main>;

  return (
    <main className="app">
      <nav className="tabs" role="tablist" aria-label="Patchbay">
        {(['chat', 'servers', 'routines', 'settings'] as const).map((name) => (
          <button
            key={name}
            type="button"
            role="tab"
            aria-selected={tab === name}
            onClick={() => {
              if (name === 'settings') setSettingsOpening({});
              setTab(name);
            }}
          >
            {TAB_LABELS[name]}
          </button>
        ))}
      </nav>
      <SiteOffers
        offers={siteOffers.offers}
        onAllow={siteOffers.allow}
        onDismiss={siteOffers.dismiss}
      />
      {siteOffers.error ? (
        <p className="chat-error" role="alert">
          {siteOffers.error}
        </p>
      ) : null}
      <ExternalApprovals
        approvals={browserAccess.view?.approvals ?? []}
        onAnswer={browserAccess.answer}
      />
      {asks.length ? (
        <Suspense fallback={null}>
          <AsksPanel asks={asks} servers={servers} loadSettings={models.loadSettings} />
        </Suspense>
      ) : null}
      {tab === 'chat' && !models.choice ? (
        <FirstRun
          modelSetup={modelSetup('first-run')}
          onRestore={() => {
            setSettingsOpening({ restore: true });
            setTab('settings');
          }}
        />
      ) : null}
      {tab === 'chat' && models.choice ? (
        <ChatTab
          chat={chat}
          chats={chats}
          servers={servers}
          inChat={inChat}
          composer={composer}
          notice={toolsNotice}
          onOpenSettings={openSettings}
          onOpenServer={openServer}
          onMakeRoutine={(routine) => {
            routineEditing.open(routine);
            setTab('routines');
          }}
        />
      ) : null}
      {tab === 'servers' ? (
        <ServersPanel
          serverState={serverState}
          store={store}
          askForSites={askForSites}
          websiteTools={websiteTools}
        />
      ) : null}
      {tab === 'routines' ? (
        <Suspense fallback={<p className="panel muted">Loading…</p>}>
          <RoutinesTab
            servers={servers}
            choice={models.choice}
            notices={taskNotices}
            editing={routineEditing}
            onOpenChat={(chatId) => void chats.open(chatId).then(showChat)}
          />
        </Suspense>
      ) : null}
      {tab === 'settings' ? (
        <Suspense fallback={<p className="panel muted">Loading…</p>}>
          <SettingsTab
            modelSetup={modelSetup('settings')}
            keepDays={keepDays.value ?? undefined}
            onKeepDays={(days) => void keepDays.save(days ?? null)}
            chats={chats}
            browserAccess={browserAccess}
            permissions={permissions}
            taskNotices={taskNotices}
            store={store}
            askForSites={askForSites}
            restoreFirst={settingsOpening.restore ?? false}
          />
        </Suspense>
      ) : null}
    </main>
  );
}
