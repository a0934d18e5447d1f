import { useEffect, useState } from 'react';
import { BrowserTools } from '../../components/page-tools/BrowserTools';
import { useBrowserTools } from './use-browser-tools';
import { ImportPanel } from '../../components/servers/ImportPanel';
import { ServerCard } from '../../components/servers/ServerCard';
import { ServerForm } from '../../components/servers/ServerForm';
import {
  APPROVALS_STORAGE_KEY,
  approvalSettingsSchema,
  setReadOnlyWithoutAsking,
} from '../../src/ai/approval';
import { MAX_TOOLS } from '../../src/ai/model-settings';
import { parseServerImport } from '../../src/mcp/import-export';
import { RequestError, type PatchbayClient } from '../../src/messaging/client';
import type { AddServerPayload, ServerView } from '../../src/messaging/contract';
import type { KeyValueStore } from '../../src/platform/ports';
import { readIconFile } from '../../src/ui/icon-file';
import { useServerDetails } from './use-server-details';
import type { useServers } from './use-servers';
import { useStored } from './use-stored';

type Health = { ok: boolean; latencyMs: number; error?: string } | 'checking';

function formError(error: unknown) {
  if (RequestError.isInstance(error))
    return { error: error.message, ...(error.field ? { field: error.field } : {}) };
  return { error: error instanceof Error ? error.message : String(error) };
}

export function ServersPanel({
  client,
  serverState,
  store,
}: {
  client: PatchbayClient;
  serverState: ReturnType<typeof useServers>;
  store: KeyValueStore;
}) {
  const { servers, loadError, tools, reload, loadTools } = serverState;
  const [mode, setMode] = useState<'list' | 'add' | 'import' | 'export'>('list');
  const [editing, setEditing] = useState<string | undefined>();
  const [busy, setBusy] = useState<Set<string>>(new Set());
  const [notice, setNotice] = useState<string | undefined>();
  const [health, setHealth] = useState<Record<string, Health>>({});
  const [exported, setExported] = useState<string | undefined>();
  const [enabledToolCount, setEnabledToolCount] = useState(0);
  const approvals = useStored(store, APPROVALS_STORAGE_KEY, approvalSettingsSchema);
  const serverDetails = useServerDetails(client);

  // Fetch the tools of every connected server the first time it shows as connected.
  useEffect(() => {
    for (const server of servers ?? []) {
      if (server.isEnabled && server.status.state === 'connected' && !tools[server.id])
        void loadTools(server.id);
    }
  }, [servers, tools, loadTools]);

  // The count the model's tool budget applies to: enabled servers minus switched-off tools.
  useEffect(() => {
    void client.request('mcp/tools/list').then(
      ({ tools: list }) => setEnabledToolCount(list.length),
      () => undefined,
    );
  }, [client, servers, tools]);

  async function withBusy(serverId: string, work: () => Promise<unknown>) {
    setBusy((previous) => new Set(previous).add(serverId));
    try {
      await work();
      setNotice(undefined);
    } catch (error) {
      setNotice(error instanceof Error ? error.message : String(error));
    } finally {
      setBusy((previous) => {
        const next = new Set(previous);
        next.delete(serverId);
        return next;
      });
      await reload();
    }
  }

  const test = (input: AddServerPayload) => client.request('mcp/servers/test', input);

  async function add(input: AddServerPayload) {
    try {
      await client.request('mcp/servers/add', input);
      setMode('list');
      await reload();
      return undefined;
    } catch (error) {
      return formError(error);
    }
  }

  async function update(id: string, input: AddServerPayload) {
    try {
      await client.request('mcp/servers/update', { id, ...input });
      setEditing(undefined);
      await reload();
      return undefined;
    } catch (error) {
      return formError(error);
    }
  }

  async function openExport() {
    const configuration = await client.request('mcp/servers/export');
    setExported(JSON.stringify(configuration, null, 2));
    setMode('export');
  }

  const builtIn = servers?.filter((server) => !server.isCustom) ?? [];
  const custom = servers?.filter((server) => server.isCustom) ?? [];
  const renderCard = (server: ServerView) =>
    editing === server.id ? (
      <li key={server.id} className="server">
        <ServerForm
          mode="edit"
          initial={{
            name: server.name,
            url: server.url,
            headerNames: server.headerNames ?? [],
            ...(server.iconDataUrl ? { iconDataUrl: server.iconDataUrl } : {}),
            ...(server.oauthClientId ? { oauthClientId: server.oauthClientId } : {}),
          }}
          onTest={test}
          onSubmit={(input) => update(server.id, input)}
          onCancel={() => setEditing(undefined)}
          readIcon={readIconFile}
        />
      </li>
    ) : (
      <ServerCard
        key={server.id}
        server={server}
        tools={tools[server.id]}
        busy={busy.has(server.id)}
        onToggle={(enabled) =>
          void withBusy(server.id, () => client.server(server.id, enabled ? 'enable' : 'disable'))
        }
        onRetry={() => void withBusy(server.id, () => client.server(server.id, 'enable'))}
        onSignIn={() => void withBusy(server.id, () => client.server(server.id, 'auth/start'))}
        onSignOut={() => void withBusy(server.id, () => client.server(server.id, 'disconnect'))}
        onHealthCheck={() => {
          setHealth((previous) => ({ ...previous, [server.id]: 'checking' }));
          void client.server(server.id, 'health/check').then(
            (result) => setHealth((previous) => ({ ...previous, [server.id]: result })),
            (error: unknown) =>
              setHealth((previous) => ({
                ...previous,
                [server.id]: { ok: false, latencyMs: 0, error: String(error) },
              })),
          );
        }}
        {...(health[server.id] ? { health: health[server.id] } : {})}
        readOnlyWithoutAsking={approvals.value?.[server.id]?.readOnlyWithoutAsking ?? false}
        onReadOnlyWithoutAskingChange={(value) =>
          void approvals.save(setReadOnlyWithoutAsking(approvals.value ?? {}, server.id, value))
        }
        onDisabledToolsChange={(names) =>
          void client.server(server.id, 'tools/disabled/set', { names }).then(
            () => loadTools(server.id),
            (error: unknown) => setNotice(error instanceof Error ? error.message : String(error)),
          )
        }
        details={{
          data: serverDetails.details[server.id] ?? {},
          onSamplingChange: (enabled) =>
            void withBusy(server.id, () => client.server(server.id, 'sampling/set', { enabled })),
          onLoad: (section) => serverDetails.loadSection(server.id, section),
          onLoadMore: (list) => serverDetails.loadMore(server.id, list),
          onRetry: (list) => serverDetails.retry(server.id, list),
          onOpenResource: (uri) => void serverDetails.openResource(server.id, uri),
          onClosePreview: () => serverDetails.closePreview(server.id),
        }}
        {...(server.isCustom
          ? {
              onEdit: () => setEditing(server.id),
              onRemove: () =>
                void withBusy(server.id, () =>
                  client.request('mcp/servers/remove', { id: server.id }),
                ),
            }
          : {})}
      />
    );

  return (
    <section className="panel" aria-label="Servers">
      <header className="panel-header">
        <h1>Servers</h1>
        <div className="header-actions">
          <button type="button" onClick={() => setMode('import')} disabled={mode !== 'list'}>
            Import
          </button>
          <button
            type="button"
            onClick={() => void openExport()}
            disabled={mode !== 'list' || custom.length === 0}
          >
            Export
          </button>
          <button
            type="button"
            className="primary"
            onClick={() => setMode('add')}
            disabled={mode !== 'list'}
          >
            Add server
          </button>
        </div>
      </header>
      <p className={enabledToolCount > MAX_TOOLS ? 'field-error' : 'muted'} role="status">
        {enabledToolCount} of {MAX_TOOLS} tools on
        {enabledToolCount > MAX_TOOLS
          ? ' — more than the model accepts; switch some off below.'
          : ''}
      </p>
      {loadError ? (
        <p className="server-error" role="alert">
          {loadError}
        </p>
      ) : null}
      {notice ? (
        <p className="server-error" role="alert">
          {notice}
        </p>
      ) : null}
      {mode === 'add' ? (
        <ServerForm
          mode="add"
          onTest={test}
          onSubmit={add}
          onCancel={() => setMode('list')}
          readIcon={readIconFile}
        />
      ) : null}
      {mode === 'import' ? (
        <ImportPanel
          preview={(text) => parseServerImport(text, servers ?? [])}
          onImport={async (entries) => {
            const results = [];
            for (const entry of entries) {
              if (!entry.payload) continue;
              try {
                await client.request('mcp/servers/add', entry.payload);
                results.push({ name: entry.name });
              } catch (error) {
                results.push({
                  name: entry.name,
                  error: error instanceof Error ? error.message : String(error),
                });
              }
            }
            await reload();
            return results;
          }}
          onClose={() => setMode('list')}
        />
      ) : null}
      {mode === 'export' && exported ? (
        <section className="import-panel" aria-label="Export servers">
          <p className="muted">Your custom servers, without header values or secrets.</p>
          <textarea readOnly rows={8} value={exported} aria-label="Exported configuration" />
          <div className="form-actions">
            <button type="button" onClick={() => void navigator.clipboard.writeText(exported)}>
              Copy
            </button>
            <a
              className="button"
              download="patchbay-servers.json"
              href={`data:application/json;charset=utf-8,${encodeURIComponent(exported)}`}
            >
              Download
            </a>
            <button type="button" onClick={() => setMode('list')}>
              Close
            </button>
          </div>
        </section>
      ) : null}
      {servers === undefined && !loadError ? <p className="muted">Loading servers…</p> : null}
      {custom.length ? (
        <section aria-label="Your servers">
          <h2>Your servers</h2>
          <ul className="server-list">{custom.map(renderCard)}</ul>
        </section>
      ) : null}
      {builtIn.length ? (
        <section aria-label="Built-in servers">
          <h2>Built in</h2>
          <ul className="server-list">{builtIn.map(renderCard)}</ul>
        </section>
      ) : null}
      <BrowserToolsSection client={client} />
    </section>
  );
}

function BrowserToolsSection({ client }: { client: PatchbayClient }) {
  const browserTools = useBrowserTools(client);
  const [checked, setChecked] = useState<string | undefined>();
  const checkTab = () =>
    void client.request('page-tools/check-active').then(
      ({ offers }) =>
        setChecked(
          offers.length
            ? 'Sites waiting for you are listed at the top.'
            : 'No tools found there from a site you have not allowed.',
        ),
      (reason: unknown) => setChecked(String(reason)),
    );
  return (
    <>
      <BrowserTools
        sites={browserTools.sites}
        onDisabledChange={browserTools.setDisabled}
        onCheckTab={checkTab}
        {...(checked ? { checked } : {})}
      />
      {browserTools.error ? (
        <p className="server-error" role="alert">
          {browserTools.error}
        </p>
      ) : null}
    </>
  );
}
