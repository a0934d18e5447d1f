import { SYNC_ENABLED_KEY } from '../../src/sync/sync-keys';
import { AddedNotice } from './AddedNotice';
import { ServerCard } from './ServerCard';
import { EditServerForm, ServersModeView } from './ServersModeView';
import { ServersHeader } from './ServersHeader';
import { MAX_TOOLS } from '../../src/models/model-settings';
import type { ServerView } from '../../src/messaging/contract';
import type { KeyValueStore } from '../../src/platform/ports';
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

export interface ServersPanelProps {
  serverState: ReturnType<typeof useServers>;
  store: KeyValueStore;
  /** Asks Chrome for the sites a click needs (src/permissions/ask-for-sites.ts). */
  askForSites: AskForSites;
  /** What websites' own tools need (all sites). */
  websiteTools: BrowserPermissions;
}

/** The Servers view: built-in and custom servers, their forms, and sites' own tools. */
export function ServersPanel({ serverState, store, askForSites, websiteTools }: ServersPanelProps) {
  const { servers, loadError } = serverState;
  const forms = useServerForms(serverState.reload, askForSites);
  const registryUrl = useStored(store, REGISTRY_URL_KEY, z.string().url());
  const actions = useServerActions(serverState, store, askForSites);
  useConnectedServerTools(serverState);
  const enabledToolCount = useEnabledToolCount(serverState);
  const runningTasks = useRunningTasks();
  const { mode, setMode, editing } = forms;
  const syncOn = useStored(store, SYNC_ENABLED_KEY, z.boolean());

  const builtIn = servers?.filter((server) => !server.isCustom) ?? [];
  const custom = servers?.filter((server) => server.isCustom) ?? [];
  const renderCard = (server: ServerView) =>
    editing === server.id ? (
      <EditServerForm key={server.id} server={server} forms={forms} />
    ) : (
      <ServerCard
        key={server.id}
        syncOn={syncOn.value === true}
        {...actions.cardProps(server, (header?: string) => forms.edit(server.id, header))}
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
      <ServersModeView forms={forms} store={store} servers={servers} />
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
