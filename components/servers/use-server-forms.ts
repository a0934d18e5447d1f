import { useState } from 'react';
import { errorMessage } from '../../src/errors/error-message';
import { RequestError } from '../../src/messaging/client';
import type { AddServerPayload } from '../../src/messaging/contract';
import { installPayload } from '../../src/registry/install-remote';
import type { RegistryEntry, RegistryRemote } from '../../src/registry/registry-entry';
import type { useServers } from './use-servers';
import { sitesRefused, type AskForSites } from '../../src/permissions/ask-for-sites';
import { useClient } from '../shared/client-context';
import { useServerTransfer } from './use-server-transfer';

/** What the Servers view shows besides the list: a form to add one, import, or export. */
export type ServersMode = 'list' | 'add' | 'import' | 'export' | 'browse';

/** A failed add or update as the form shows it: the message, and the field at fault if known. */
function formError(error: unknown) {
  if (RequestError.isInstance(error))
    return { error: error.message, ...(error.field ? { field: error.field } : {}) };
  return { error: errorMessage(error) };
}

/**
 * Adding, editing, importing and exporting custom servers: which form is open, and the
 * requests each one sends (import and export: use-server-transfer). The list is reloaded
 * after every change.
 */
export function useServerForms(
  reload: ReturnType<typeof useServers>['reload'],
  askForSites: AskForSites,
) {
  const client = useClient();
  const [mode, setMode] = useState<ServersMode>('list');
  const [editing, setEditing] = useState<string | undefined>();
  /** The header the Edit form opens at: the server has no value for it here. */
  const [focusHeader, setFocusHeader] = useState<string | undefined>();
  /** The server just added by hand, whose progress the view confirms (AddedNotice). */
  const [added, setAdded] = useState<string | undefined>();
  const transfer = useServerTransfer(reload, askForSites, () => setMode('export'));

  // Each click that reaches a server asks Chrome for its site first (the request must start
  // within the click); a refusal still saves the server, whose card then offers Allow access.
  const test = async (input: AddServerPayload) => {
    // The answer first: a test sent while Chrome's prompt is open would only say it may not.
    if (!(await askForSites([input.url])))
      return {
        ok: false as const,
        error: sitesRefused([input.url], 'Test again to be asked again.'),
      };
    return client.request('mcp/servers/test', input);
  };

  /** Adds a server by hand and switches it on, as an install from the registry does. */
  async function add(input: AddServerPayload) {
    void askForSites([input.url]);
    try {
      const { server } = await client.request('mcp/servers/add', input);
      setMode('list');
      setAdded(server.id);
      await client.server(server.id, 'enable').catch(() => undefined);
      await reload();
      return undefined;
    } catch (error) {
      return formError(error);
    }
  }

  /** Adds a registry server with what the person filled in, and switches it on. */
  async function install(
    entry: RegistryEntry,
    remote: RegistryRemote,
    values: Record<string, string>,
  ) {
    const result = installPayload(entry, remote, values);
    if (!result.ok) return { error: result.message, field: result.field };
    void askForSites([result.payload.url]);
    try {
      const { server } = await client.request('mcp/servers/add', result.payload);
      setMode('list');
      // Switched on at once; one that needs a sign-in says so on its card.
      await client.server(server.id, 'enable').catch(() => undefined);
      await reload();
      return undefined;
    } catch (error) {
      return formError(error);
    }
  }

  async function update(id: string, input: AddServerPayload) {
    void askForSites([input.url]);
    try {
      await client.request('mcp/servers/update', { id, ...input });
      setEditing(undefined);
      await reload();
      return undefined;
    } catch (error) {
      return formError(error);
    }
  }

  return {
    added,
    dismissAdded: () => setAdded(undefined),
    install,
    mode,
    setMode,
    editing,
    setEditing,
    focusHeader,
    /** Opens a custom server's Edit form; `header`: at that header's value. */
    edit(serverId: string, header?: string) {
      setFocusHeader(header);
      setEditing(serverId);
    },
    test,
    add,
    update,
    ...transfer,
  };
}
