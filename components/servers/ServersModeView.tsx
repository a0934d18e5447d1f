import { lazy, Suspense } from 'react';
import { parseServerImport } from '../../src/mcp/import-export';
import { readImportFile } from '../../src/mcp/import-file';
import type { ServerView } from '../../src/messaging/contract';
import type { KeyValueStore } from '../../src/platform/ports';
import { readIconFile } from '../../src/ui/icon-file';
import { ImportPanel } from './ImportPanel';
import { ServerExport } from './ServerExport';
import type { useServerForms } from './use-server-forms';

// The registry's browser loads with the first Browse (it costs the first load nothing).
const BrowseRegistry = lazy(() =>
  import('../registry/BrowseRegistry').then((module) => ({ default: module.BrowseRegistry })),
);
// The server form loads with the first Add server or Edit (it costs the first load nothing).
const ServerForm = lazy(() =>
  import('./ServerForm').then((module) => ({ default: module.ServerForm })),
);

type ServerForms = ReturnType<typeof useServerForms>;

/** What the Servers view shows above its list when asked: Add, the registry, import or export. */
export function ServersModeView({
  forms,
  store,
  servers,
}: {
  forms: ServerForms;
  store: KeyValueStore;
  servers: ServerView[] | undefined;
}) {
  const { mode, setMode, exported } = forms;
  const close = () => setMode('list');
  if (mode === 'add')
    return (
      <Suspense fallback={null}>
        <ServerForm
          mode="add"
          onTest={forms.test}
          onSubmit={forms.add}
          onCancel={close}
          readIcon={readIconFile}
        />
      </Suspense>
    );
  if (mode === 'browse')
    return (
      <Suspense fallback={<p className="muted">Loading the registry…</p>}>
        <BrowseRegistry store={store} onInstall={forms.install} onClose={close} />
      </Suspense>
    );
  if (mode === 'import')
    return (
      <ImportPanel
        preview={(text) => parseServerImport(text, servers ?? [])}
        readFile={readImportFile}
        onImport={forms.importEntries}
        onClose={close}
      />
    );
  if (mode === 'export' && exported) return <ServerExport exported={exported} onClose={close} />;
  return null;
}

/** A custom server's Edit form in its card's place, at the field its status asks for. */
export function EditServerForm({ server, forms }: { server: ServerView; forms: ServerForms }) {
  const { focusHeader } = forms;
  return (
    <li className="server">
      <Suspense fallback={null}>
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
          onCancel={() => forms.setEditing(undefined)}
          readIcon={readIconFile}
        />
      </Suspense>
    </li>
  );
}
