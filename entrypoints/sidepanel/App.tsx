import { useCallback, useEffect, useMemo, useState } from 'react';
import { ConversationList } from '../../components/chat/ConversationList';
import { ModelSettingsForm } from '../../components/settings/ModelSettingsForm';
import {
  APPROVALS_STORAGE_KEY,
  approvalSettingsSchema,
  type ApprovalSettings,
} from '../../src/ai/approval';
import { listModels } from '../../src/ai/model';
import { modelSettingsSchema } from '../../src/ai/model-settings';
import {
  createIndexedDbConversationStore,
  type Conversation,
  type ConversationSummary,
} from '../../src/chat/history';
import type { PatchbayClient } from '../../src/messaging/client';
import type { KeyValueStore } from '../../src/platform/ports';
import { AsksPanel, useAsks } from './AsksPanel';
import { ExternalApprovals } from '../../components/browser-access/ExternalApprovals';
import { BrowserAccessPanel } from './BrowserAccessPanel';
import { useBrowserAccess } from './use-browser-access';
import { SiteOffers } from '../../components/page-tools/SiteOffers';
import { useSiteOffers } from './use-site-offers';
import { AllowedSites } from '../../components/page-tools/AllowedSites';
import { useAllowedSites } from './use-allowed-sites';
import { ChatSession, newConversation } from './ChatPanel';
import { ServersPanel } from './ServersPanel';
import { useServers } from './use-servers';
import { useModelChoice } from './use-model-choice';

type Tab = 'chat' | 'servers' | 'settings';

export function App({ client, store }: { client: PatchbayClient; store: KeyValueStore }) {
  const serverState = useServers(client);
  const asks = useAsks(client);
  const siteOffers = useSiteOffers(client);
  const browserAccess = useBrowserAccess(client);
  const models = useModelChoice(store);
  const [tab, setTab] = useState<Tab>('chat');
  const history = useMemo(() => createIndexedDbConversationStore(), []);
  const [conversation, setConversation] = useState<Conversation | undefined>();
  const [conversations, setConversations] = useState<ConversationSummary[]>([]);
  const [showHistory, setShowHistory] = useState(false);

  const refreshList = useCallback(() => void history.list().then(setConversations), [history]);
  const onConversationSaved = useCallback(
    (title: string) => {
      refreshList();
      setConversation((current) =>
        current && current.title !== title ? { ...current, title } : current,
      );
    },
    [refreshList],
  );

  // Reopening the panel restores the last conversation.
  useEffect(() => {
    void history.list().then(async (list) => {
      setConversations(list);
      const last = list[0] ? await history.get(list[0].id) : undefined;
      setConversation(last ?? newConversation());
    });
  }, [history]);

  const loadSettings = models.loadSettings;
  const loadApprovals = useCallback(
    async (): Promise<ApprovalSettings> =>
      approvalSettingsSchema.catch({}).parse(await store.get(APPROVALS_STORAGE_KEY)),
    [store],
  );
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
      onDeviceOffered={models.onDeviceOffered}
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
                  onChange={(event) =>
                    void browserAccess.send('browser-access/in-chat/set', {
                      enabled: event.target.checked,
                    })
                  }
                />
                <span />
              </label>
              Use this browser
            </div>
            <button
              type="button"
              onClick={() => {
                setConversation(newConversation());
                setShowHistory(false);
              }}
            >
              New chat
            </button>
          </header>
          {showHistory ? (
            <ConversationList
              conversations={conversations}
              currentId={conversation?.id}
              onOpen={(id) =>
                void history.get(id).then((found) => {
                  if (found) setConversation(found);
                  setShowHistory(false);
                })
              }
              onRename={(id, title) =>
                void history.rename(id, title).then(() => {
                  refreshList();
                  if (conversation?.id === id) setConversation({ ...conversation, title });
                })
              }
              onDelete={(id) => {
                // Close the conversation first, so nothing saves it again after it is gone.
                if (conversation?.id === id) setConversation(newConversation());
                void history.remove(id).then(refreshList);
              }}
            />
          ) : null}
          {conversation ? (
            <ChatSession
              key={conversation.id}
              client={client}
              conversation={conversation}
              history={history}
              loadSettings={loadSettings}
              servers={serverState.servers ?? []}
              loadApprovals={loadApprovals}
              saveApprovals={saveApprovals}
              onSaved={onConversationSaved}
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
          <SettingsSites client={client} />
          <BrowserAccessPanel access={browserAccess} />
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
