import { lazy, Suspense, useState } from 'react';
import { SYNC_ENABLED_KEY } from '../../src/sync/sync-keys';
import { AddedNotice } from './AddedNotice';
import { ImportPanel } from './ImportPanel';
import { ServerCard } from './ServerCard';
import { ServerExport } from './ServerExport';
import { ServerForm } from './ServerForm';
import { ServersHeader } from './ServersHeader';
import { MAX_TOOLS } from '../../src/models/model-settings';
import { parseServerImport } from '../../src/mcp/import-export';
import { readImportFile } from '../../src/mcp/import-file';
import type { ServerView } from '../../src/messaging/contract';
import type { KeyValueStore } from '../../src/platform/ports';
import { readIconFile } from '../../src/ui/icon-file';
import { BrowserToolsSection } from '../page-tools/BrowserToolsSection';
import { RunningTasks } from './RunningTasks';
import { useRunningTasks } from './use-running-tasks';
import { useServerActions } from './use-server-actions';
import type { AskForSites } from '../../src/permissions/ask-for-sites';
import { OFFICIAL_REGISTRY_URL, REGISTRY_URL_KEY } from '../../src/registry/registry-setting';
import { useStored } from '../shared/use-stored';
import { z } from 'zod';
import type { BrowserPermissions } from '../../src/permissions/browser-permissions';
import { useServerForms } from './use-server-forms';
import { useConnectedServerTools, useEnabledToolCount } from './use-server-tools';
import type { useServers } from './use-servers';

// The registry's browser loads with the first Browse (it costs the first load nothing).
const BrowseRegistry = lazy(() =>
  import('../registry/BrowseRegistry').then((module) => ({ default: module.BrowseRegistry })),
);

/** The Servers view: built-in and custom servers, their forms, and sites' own tools. */
export function ServersPanel({
  serverState,
  store,
  askForSites,
  websiteTools,
}: {
  serverState: ReturnType<typeof useServers>;
  store: KeyValueStore;
  /** Asks Chrome for the sites a click needs (src/permissions/ask-for-sites.ts). */
  askForSites: AskForSites;
  /** What websites' own tools need (all sites). */
  websiteTools: BrowserPermissions;
}) {
  const { servers, loadError } = serverState;
  const forms = useServerForms(serverState.reload, askForSites);
  const registryUrl = useStored(store, REGISTRY_URL_KEY, z.string().url());
  const actions = useServerActions(serverState, store, askForSites);
  useConnectedServerTools(serverState);
  const enabledToolCount = useEnabledToolCount(serverState);
  const runningTasks = useRunningTasks();
  const { mode, setMode, editing, setEditing, exported } = forms;
  const [focusHeader, setFocusHeader] = useState<string | undefined>();
  const syncOn = useStored(store, SYNC_ENABLED_KEY, z.boolean());

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
          focusClientId={Boolean(server.status.needsClientId) && !focusHeader}
          {...(focusHeader ? { focusHeader } : {})}
          onTest={forms.test}
          onSubmit={(input) => forms.update(server.id, input)}
          onCancel={() => setEditing(undefined)}
          readIcon={readIconFile}
        />
      </li>
    ) : (
      <ServerCard
        key={server.id}
        syncOn={syncOn.value === true}
        {...actions.cardProps(server, (header?: string) => {
          setFocusHeader(header);
          setEditing(server.id);
        })}
      />
    );

  return (
    <section className="panel" aria-label="Servers">
      <ServersHeader
        listShown={mode === 'list'}
        canExport={custom.length > 0}
        enabledToolCount={enabledToolCount}
        maxTools={MAX_TOOLS}
        onImport={() => setMode('import')}
        onBrowse={() => {
          // The registry's site, asked for from this click; the search starts on the answer (a
          // refused one then says it could not reach the registry, and Browse asks again).
          void askForSites([registryUrl.value ?? OFFICIAL_REGISTRY_URL]).then(() =>
            setMode('browse'),
          );
        }}
        onExport={() => void forms.openExport()}
        onAdd={() => setMode('add')}
      />
      {loadError ? (
        <p className="server-error" role="alert">
          {loadError}
        </p>
      ) : null}
      {actions.notice ? (
        <p className="server-error" role="alert">
          {actions.notice}
        </p>
      ) : null}
      <AddedNotice
        server={servers?.find((server) => server.id === forms.added)}
        onDismiss={forms.dismissAdded}
      />
      {mode === 'add' ? (
        <ServerForm
          mode="add"
          onTest={forms.test}
          onSubmit={forms.add}
          onCancel={() => setMode('list')}
          readIcon={readIconFile}
        />
      ) : null}
      {mode === 'browse' ? (
        <Suspense fallback={<p className="muted">Loading the registry…</p>}>
          <BrowseRegistry store={store} onInstall={forms.install} onClose={() => setMode('list')} />
        </Suspense>
      ) : null}
      {mode === 'import' ? (
        <ImportPanel
          preview={(text) => parseServerImport(text, servers ?? [])}
          readFile={readImportFile}
          onImport={forms.importEntries}
          onClose={() => setMode('list')}
        />
      ) : null}
      {mode === 'export' && exported ? (
        <ServerExport exported={exported} onClose={() => setMode('list')} />
      ) : null}
      {servers === undefined && !loadError ? <p className="muted">Loading servers…</p> : null}
      <RunningTasks tasks={runningTasks.tasks} onStop={runningTasks.stop} />
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
      <BrowserToolsSection access={websiteTools} />
    </section>
  );
}
