import { useAsks } from '../../components/asks/use-asks';
import { useSiteOffers } from '../../components/page-tools/use-site-offers';
import { ServersPanel } from '../../components/servers/ServersPanel';
import { useServers } from '../../components/servers/use-servers';
import { useModelChoice, useOnDeviceOffered } from '../../components/settings/use-model-choice';
import { useSyncWhenOn } from '../../components/sync/use-sync-when-on';
import { ChatPane } from './ChatPane';
import { ModelSetupPane, RoutinesPane, SettingsPane } from './LazyPanes';
import { PanelNotices } from './PanelNotices';
import type { PanelPorts } from './panel-ports';
import { TabBar } from './TabBar';
import { useBrowserInChat } from './use-browser-in-chat';
import { usePanelChat } from './use-panel-chat';
import { usePanelTabs } from './use-panel-tabs';

/**
 * The side panel's shell: its four tabs (TabBar.tsx), what shows above every tab
 * (PanelNotices.tsx), and the state the tabs share, held here so it outlives switching tabs.
 */
export function App(ports: PanelPorts) {
  const { store, askForSites, permissions, taskNotices } = ports;
  const serverState = useServers();
  const servers = serverState.servers ?? [];
  const asks = useAsks();
  const siteOffers = useSiteOffers(ports.watchActiveTab);
  const { browserAccess, browserOn, inChat } = useBrowserInChat(permissions);
  const models = useModelChoice(store);
  const tabs = usePanelTabs();
  const { tab, settingsOpening } = tabs;
  useSyncWhenOn(store);
  const panelChat = usePanelChat(ports, { models, servers, browserOn, inChat, tabs });
  const { keepDays, chats } = panelChat;
  const onDeviceOffered = useOnDeviceOffered(
    models.loaded && (tab === 'settings' || (tab === 'chat' && !models.choice)),
  );
  const modelSetup = (mode: 'first-run' | 'settings') => (
    <ModelSetupPane
      mode={mode}
      models={models}
      provider={mode === 'settings' ? settingsOpening.provider : undefined}
      onDeviceOffered={onDeviceOffered}
      ports={ports}
    />
  );

  if (!models.loaded) return <main className="panel muted">Loading…</main>;

  return (
    <main className="app">
      <TabBar tab={tab} onSelect={tabs.select} />
      <PanelNotices
        siteOffers={siteOffers}
        browserAccess={browserAccess}
        asks={asks}
        servers={servers}
        loadSettings={models.loadSettings}
      />
      {tab === 'chat' ? (
        <ChatPane
          choice={models.choice}
          modelSetup={modelSetup('first-run')}
          panelChat={panelChat}
          servers={servers}
          inChat={inChat}
          tabs={tabs}
        />
      ) : null}
      {tab === 'servers' ? (
        <ServersPanel
          serverState={serverState}
          store={store}
          askForSites={askForSites}
          websiteTools={ports.websiteTools}
        />
      ) : null}
      {tab === 'routines' ? (
        <RoutinesPane
          servers={servers}
          choice={models.choice}
          notices={taskNotices}
          editing={panelChat.routineEditing}
          onOpenChat={(chatId) => void chats.open(chatId).then(tabs.showChat)}
        />
      ) : null}
      {tab === 'settings' ? (
        <SettingsPane
          modelSetup={modelSetup('settings')}
          keepDays={keepDays}
          chats={chats}
          browserAccess={browserAccess}
          ports={ports}
          restoreFirst={settingsOpening.restore ?? false}
        />
      ) : null}
    </main>
  );
}
