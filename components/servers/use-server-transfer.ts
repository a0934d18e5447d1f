import { useState } from 'react';
import { errorMessage } from '../../src/errors/error-message';
import type { ImportEntry } from '../../src/mcp/import-export';
import type { AskForSites } from '../../src/permissions/ask-for-sites';
import { useClient } from '../shared/client-context';
import type { useServers } from './use-servers';

/**
 * Moving custom servers in and out: the export's text once made (`onExported` shows it), and
 * an import's entries added one by one, switched on, after which the list is reloaded.
 */
export function useServerTransfer(
  reload: ReturnType<typeof useServers>['reload'],
  askForSites: AskForSites,
  onExported: () => void,
) {
  const client = useClient();
  const [exported, setExported] = useState<string | undefined>();

  async function openExport() {
    const configuration = await client.request('mcp/servers/export');
    setExported(JSON.stringify(configuration, null, 2));
    onExported();
  }

  /** Adds the valid entries one by one, switched on; each result says whether it was added. */
  async function importEntries(entries: ImportEntry[]) {
    void askForSites(entries.flatMap((entry) => (entry.payload ? [entry.payload.url] : [])));
    const results = [];
    for (const entry of entries) {
      if (!entry.payload) continue;
      try {
        const { server } = await client.request('mcp/servers/add', entry.payload);
        // Switched on at once, as from the registry; one that needs a sign-in says so.
        await client.server(server.id, 'enable').catch(() => undefined);
        results.push({ name: entry.name });
      } catch (error) {
        results.push({ name: entry.name, error: errorMessage(error) });
      }
    }
    await reload();
    return results;
  }

  return { exported, openExport, importEntries };
}
