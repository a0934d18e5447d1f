import { useEffect, useState } from 'react';
import { AddServerForm } from '../../components/servers/AddServerForm';
import { ServerCard } from '../../components/servers/ServerCard';
import { RequestError, type PatchbayClient } from '../../src/messaging/client';
import type { AddServerPayload } from '../../src/messaging/contract';
import type { useServers } from './use-servers';
import { useStored } from './use-stored';
import {
  APPROVALS_STORAGE_KEY,
  approvalSettingsSchema,
  setReadOnlyWithoutAsking,
} from '../../src/ai/approval';
import type { KeyValueStore } from '../../src/platform/ports';

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
  const [adding, setAdding] = useState(false);
  const [busy, setBusy] = useState<Set<string>>(new Set());
  const [notice, setNotice] = useState<string | undefined>();
  const approvals = useStored(store, APPROVALS_STORAGE_KEY, approvalSettingsSchema);

  // Fetch the tools of every connected server the first time it shows as connected.
  useEffect(() => {
    for (const server of servers ?? []) {
      if (server.isEnabled && server.status.state === 'connected' && !tools[server.id])
        void loadTools(server.id);
    }
  }, [servers, tools, loadTools]);

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

  async function addServer(input: AddServerPayload) {
    try {
      await client.request('mcp/servers/add', input);
      setAdding(false);
      await reload();
      return undefined;
    } catch (error) {
      if (RequestError.isInstance(error))
        return { error: error.message, ...(error.field ? { field: error.field } : {}) };
      return { error: String(error) };
    }
  }

  const builtIn = servers?.filter((server) => !server.isCustom) ?? [];
  const custom = servers?.filter((server) => server.isCustom) ?? [];
  const renderCard = (server: (typeof builtIn)[number]) => (
    <ServerCard
      key={server.id}
      server={server}
      tools={tools[server.id]}
      busy={busy.has(server.id)}
      onToggle={(enabled) =>
        void withBusy(server.id, () => client.server(server.id, enabled ? 'enable' : 'disable'))
      }
      onRetry={() => void withBusy(server.id, () => client.server(server.id, 'enable'))}
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
      onSignIn={() => void withBusy(server.id, () => client.server(server.id, 'auth/start'))}
      onSignOut={() => void withBusy(server.id, () => client.server(server.id, 'disconnect'))}
      {...(server.isCustom
        ? {
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
        {!adding ? (
          <button type="button" className="primary" onClick={() => setAdding(true)}>
            Add server
          </button>
        ) : null}
      </header>
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
      {adding ? <AddServerForm onSubmit={addServer} onCancel={() => setAdding(false)} /> : null}
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
    </section>
  );
}
