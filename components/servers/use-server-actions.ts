import type { ServerCardProps } from './server-card-props';
import {
  APPROVALS_STORAGE_KEY,
  approvalSettingsSchema,
  setReadOnlyWithoutAsking,
} from '../../src/policy/grants';
import { useClient } from '../shared/client-context';
import type { ServerView } from '../../src/messaging/contract';
import type { KeyValueStore } from '../../src/platform/ports';
import type { useServers } from './use-servers';
import { useStored } from '../shared/use-stored';
import { sitesRefused, type AskForSites } from '../../src/permissions/ask-for-sites';
import { PatchbayError } from '../../src/errors/patchbay-error';
import { errorMessage } from '../../src/errors/error-message';
import { useBusyServers } from './use-busy-servers';
import { useCardDetails } from './use-card-details';
import { useHealthChecks } from './use-health-checks';

/**
 * What a server card does: switch on and off, sign in and out, check health (the connection
 * doctor, use-health-checks), the approval setting, tools and details (use-card-details).
 * Work under way makes a server busy and a failure the notice above the list
 * (use-busy-servers).
 */
export function useServerActions(
  serverState: ReturnType<typeof useServers>,
  store: KeyValueStore,
  askForSites: AskForSites,
) {
  const client = useClient();
  const { tools, loadTools, showDisabled } = serverState;
  const { busy, notice, setNotice, withBusy } = useBusyServers(serverState.reload);
  const { health, checkHealth } = useHealthChecks(askForSites);
  const approvals = useStored(store, APPROVALS_STORAGE_KEY, approvalSettingsSchema);
  const detailsOf = useCardDetails(withBusy);

  /**
   * The sites a click on this card asks Chrome for, first thing in the click: the server's own
   * and any its status names (its authorization server's).
   */
  const askFor = (server: ServerView) =>
    askForSites([server.url, ...(server.signInSites ?? []), ...(server.status.needsAccess ?? [])]);

  /** After Allow access: signs in where that was what waited, otherwise connects again. */
  const allowAccess = (server: ServerView) => {
    const asked = askFor(server);
    const signIn = server.status.state === 'needs-auth' || server.status.state === 'invalid-token';
    void withBusy(server.id, async () => {
      if (!(await asked))
        throw new PatchbayError(
          'not-allowed',
          sitesRefused(
            [server.url, ...(server.status.needsAccess ?? [])],
            `Click Allow access on ${server.name} to be asked again.`,
          ),
        );
      await client.server(server.id, signIn ? 'auth/start' : 'enable');
    });
  };

  /** A card's props for one server; `onEdit` opens its form (custom servers only). */
  function cardProps(server: ServerView, onEdit: (header?: string) => void): ServerCardProps {
    const { id } = server;
    return {
      server,
      tools: tools[id],
      busy: busy.has(id),
      onToggle: (enabled) => {
        if (enabled) void askFor(server);
        void withBusy(id, () => client.server(id, enabled ? 'enable' : 'disable'));
      },
      onRetry: () => {
        void askFor(server);
        void withBusy(id, () => client.server(id, 'enable'));
      },
      onSignIn: () => {
        void askFor(server);
        void withBusy(id, () => client.server(id, 'auth/start'));
      },
      onAllowAccess: () => allowAccess(server),
      onSignOut: () => void withBusy(id, () => client.server(id, 'disconnect')),
      onHealthCheck: () => checkHealth(id, server.url),
      ...(health[id] ? { health: health[id] } : {}),
      readOnlyWithoutAsking: approvals.value?.[id]?.readOnlyWithoutAsking ?? false,
      onReadOnlyWithoutAskingChange: (value) =>
        void approvals.save(setReadOnlyWithoutAsking(approvals.value ?? {}, id, value)),
      onDisabledToolsChange: (names) => {
        showDisabled(id, names);
        // Read back either way: what the worker keeps, the switches show.
        void client
          .server(id, 'tools/disabled/set', { names })
          .catch((error: unknown) => setNotice(errorMessage(error)))
          .then(() => loadTools(id));
      },
      details: detailsOf(id),
      ...(server.isCustom
        ? {
            onEdit,
            onRemove: () => void withBusy(id, () => client.request('mcp/servers/remove', { id })),
          }
        : {}),
    };
  }

  return { notice, cardProps };
}
