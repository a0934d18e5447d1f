import { useCallback, useState } from 'react';
import { ModelSettingsForm } from '../../components/settings/ModelSettingsForm';
import { loadApprovalSecret } from '../../src/ai/approval-secret';
import {
  APPROVALS_STORAGE_KEY,
  approvalSettingsSchema,
  type ApprovalSettings,
} from '../../src/ai/approval';
import { listModels } from '../../src/ai/model';
import { modelSettingsSchema } from '../../src/ai/model-settings';
import type { PatchbayClient } from '../../src/messaging/client';
import type { ActiveTabWatch, ComposerInbox, KeyValueStore } from '../../src/platform/ports';
import { useComposerDraft } from './use-composer-draft';
import { AsksPanel, useAsks } from './AsksPanel';
import { ExternalApprovals } from '../../components/browser-access/ExternalApprovals';
import { BrowserAccessPanel } from './BrowserAccessPanel';
import { useBrowserAccess } from './use-browser-access';
import { usePermissionSwitch } from './use-permission-switch';
import { PermissionNote } from '../../components/permissions/PermissionNote';
import type { BrowserPermissions } from '../../src/permissions/browser-permissions';
import { SiteOffers } from '../../components/page-tools/SiteOffers';
import { useSiteOffers } from './use-site-offers';
import { AllowedSites } from '../../components/page-tools/AllowedSites';
import { useAllowedSites } from './use-allowed-sites';
import { ChatSession } from './ChatPanel';
import { useConversations } from './use-conversations';
import { HistoryDrawer } from './HistoryDrawer';
import { ChatHistorySettings } from '../../components/settings/ChatHistorySettings';
import { CHAT_RETENTION_KEY, retentionSchema } from '../../src/chat/retention';
import { ServersPanel } from './ServersPanel';
import { useServers } from './use-servers';
import { useModelChoice, useOnDeviceOffered } from './use-model-choice';
import { ChatHeader } from '../../components/chat/ChatHeader';
import { useChatHeader } from './use-chat-header';
import { useChatModel } from './use-chat-model';
import { useStored } from './use-stored';

type Tab = 'chat' | 'servers' | 'settings';

export function App({
  client,
  store,
  permissions,
  inbox,
  watchActiveTab,
}: {
  client: PatchbayClient;
  store: KeyValueStore;
  permissions: BrowserPermissions;
  /** What the keyboard command and "Ask Patchbay about this…" leave for the composer. */
  inbox: ComposerInbox;
  /** The person switching tabs, so the tab they are on is looked at for tools it offers. */
  watchActiveTab?: ActiveTabWatch;
}) {
  const serverState = useServers(client);
  const asks = useAsks(client);
  const siteOffers = useSiteOffers(client, watchActiveTab);
  const browserAccess = useBrowserAccess(client);
  const { send: sendBrowserAccess } = browserAccess;
  const setInChat = useCallback(
    (enabled: boolean) => void sendBrowserAccess('browser-access/in-chat/set', { enabled }),
    [sendBrowserAccess],
  );
  const inChat = usePermissionSwitch({
    permissions,
    feature: 'Use this browser',
    on: browserAccess.view?.inChat ?? false,
    setOn: setInChat,
  });
  const models = useModelChoice(store);
  const [tab, setTab] = useState<Tab>('chat');
  const showChat = useCallback(() => setTab('chat'), []);
  const composer = useComposerDraft(inbox, showChat);
  const keepDays = useStored(store, CHAT_RETENTION_KEY, retentionSchema);
  const chats = useConversations({
    store,
    keepDays: keepDays.value ?? undefined,
    ready: keepDays.loaded,
  });
  const { conversation } = chats;
  const [showHistory, setShowHistory] = useState(false);
  const chatModel = useChatModel({ store, ...models, history: chats.history, conversation });
  const chatHeader = useChatHeader({
    client,
    servers: serverState.servers ?? [],
    choice: models.choice,
    chatModel,
    browserOn: browserAccess.view?.inChat ?? false,
    onBrowserToggle: inChat.toggle,
  });
  const { onSaved: savedChat } = chats;
  const { onSaved: savedModel } = chatModel;
  const onSaved = useCallback(
    (title: string) => {
      savedChat(title);
      savedModel();
    },
    [savedChat, savedModel],
  );

  const onDeviceOffered = useOnDeviceOffered(
    models.loaded && (tab === 'settings' || (tab === 'chat' && !models.choice)),
  );

  const loadSettings = models.loadSettings;
  const loadApprovals = useCallback(
    async (): Promise<ApprovalSettings> =>
      approvalSettingsSchema.catch({}).parse(await store.get(APPROVALS_STORAGE_KEY)),
    [store],
  );
  const approvalSecret = useCallback(() => loadApprovalSecret(store), [store]);
  const saveApprovals = useCallback(
    async (next: ApprovalSettings) => store.set({ [APPROVALS_STORAGE_KEY]: next }),
    [store],
  );

  const saveSettings = async (draft: unknown) => {
    const parsed = modelSettingsSchema.safeParse(draft);
    if (!parsed.success) return { error: parsed.error.issues[0]?.message ?? 'Check the settings.' };
    await models.saveProvider(parsed.data);
    setTab('chat');
    return undefined;
  };
  const settingsForm = (label: string) => (
    <ModelSettingsForm
      choice={models.choice}
      onLoadModels={(draft) => listModels(draft)}
      onSave={saveSettings}
      onActivate={(provider) => void models.activate(provider)}
      onDeviceOffered={onDeviceOffered}
      submitLabel={label}
    />
  );

  if (!models.loaded) return <main className="panel muted">Loading…</main>;

  return (
    <main className="app">
      <nav className="tabs" role="tablist" aria-label="Patchbay">
        {(['chat', 'servers', 'settings'] as const).map((name) => (
          <button
            key={name}
            type="button"
            role="tab"
            aria-selected={tab === name}
            onClick={() => setTab(name)}
          >
            {name === 'chat' ? 'Chat' : name === 'servers' ? 'Servers' : 'Settings'}
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
      <AsksPanel
        client={client}
        asks={asks}
        servers={serverState.servers ?? []}
        loadSettings={loadSettings}
      />
      {tab === 'chat' && !models.choice ? (
        <section className="panel first-run" aria-label="Welcome">
          <h1>Welcome to Patchbay</h1>
          <p>
            Patchbay is an AI assistant whose tools come from MCP servers: Notion, Linear, docs
            search, or your own. First, connect a model. You can switch servers on in the Servers
            tab at any time.
          </p>
          {settingsForm('Start chatting')}
        </section>
      ) : null}
      {tab === 'chat' && models.choice ? (
        <section className="panel chat-panel" aria-label="Chat">
          <header className="panel-header">
            <button
              type="button"
              className="link conversation-switch"
              onClick={() => setShowHistory(!showHistory)}
              aria-expanded={showHistory}
            >
              <span className="conversation-switch-title">{conversation?.title ?? 'New chat'}</span>
              <span>▾</span>
            </button>
            <div
              className="use-browser"
              title="Let the model read, see and act on your tabs, under the same approval rules as other tools"
            >
              <label className="switch small">
                <input
                  type="checkbox"
                  role="switch"
                  aria-label="Use this browser"
                  checked={browserAccess.view?.inChat ?? false}
                  onChange={(event) => inChat.toggle(event.target.checked)}
                />
                <span />
              </label>
              Use this browser
            </div>
            <button
              type="button"
              onClick={() => {
                chats.start();
                setShowHistory(false);
              }}
            >
              New chat
            </button>
          </header>
          <ChatHeader {...chatHeader} />
          {inChat.note ? (
            <PermissionNote
              feature="Use this browser"
              note={inChat.note}
              onAllow={inChat.allow}
              onCancel={inChat.cancel}
            />
          ) : null}
          {showHistory ? (
            <HistoryDrawer chats={chats} onOpened={() => setShowHistory(false)} />
          ) : null}
          {conversation?.skipped ? (
            <p className="chat-error" role="alert">
              {conversation.skipped === 1
                ? '1 saved message of this chat could not be read and is not shown.'
                : `${conversation.skipped} saved messages of this chat could not be read and are not shown.`}
            </p>
          ) : null}
          {conversation ? (
            <ChatSession
              key={conversation.id}
              client={client}
              conversation={conversation}
              history={chats.history}
              journal={chats.journal}
              loadSettings={chatModel.loadSettings}
              servers={serverState.servers ?? []}
              loadApprovals={loadApprovals}
              loadApprovalSecret={approvalSecret}
              saveApprovals={saveApprovals}
              onSaved={onSaved}
              composerRequest={composer.request}
              onComposerRequestApplied={composer.applied}
            />
          ) : null}
        </section>
      ) : null}
      {tab === 'servers' ? (
        <ServersPanel client={client} serverState={serverState} store={store} />
      ) : null}
      {tab === 'settings' ? (
        <section className="panel" aria-label="Settings">
          <h1>Model</h1>
          {settingsForm('Save')}
          <ChatHistorySettings
            keepDays={keepDays.value ?? undefined}
            chatCount={chats.list.conversations.length}
            onKeepDays={(days) => void keepDays.save(days ?? null)}
            onDeleteAll={() => void chats.removeAll()}
            {...(chats.notice ? { notice: chats.notice } : {})}
          />
          <SettingsSites client={client} />
          <BrowserAccessPanel access={browserAccess} permissions={permissions} />
        </section>
      ) : null}
    </main>
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
