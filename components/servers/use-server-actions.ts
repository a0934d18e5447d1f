import { useState } from 'react';
import type { ServerCardProps } from './server-card-props';
import {
  APPROVALS_STORAGE_KEY,
  approvalSettingsSchema,
  setReadOnlyWithoutAsking,
} from '../../src/policy/grants';
import { useClient } from '../shared/client-context';
import type { ServerResults, ServerView } from '../../src/messaging/contract';
import type { KeyValueStore } from '../../src/platform/ports';
import { useServerDetails } from './use-server-details';
import { useServerSkills } from './use-server-skills';
import type { useServers } from './use-servers';
import { useStored } from '../shared/use-stored';
import { sitesRefused, type AskForSites } from '../../src/permissions/ask-for-sites';
import { PatchbayError } from '../../src/errors/patchbay-error';

type Health = ServerResults['health/check'] | 'checking';

/**
 * What a server card does: switch on and off, sign in and out, check health (the connection
 * doctor), the approval setting, tools and details. A server with work under way is busy; a
 * failure becomes the notice above the list, and the list is reloaded after each piece of work.
 */
export function useServerActions(
  serverState: ReturnType<typeof useServers>,
  store: KeyValueStore,
  askForSites: AskForSites,
) {
  const client = useClient();
  const { tools, reload, loadTools } = serverState;
  const [busy, setBusy] = useState<Set<string>>(new Set());
  const [notice, setNotice] = useState<string | undefined>();
  const [health, setHealth] = useState<Record<string, Health>>({});
  const approvals = useStored(store, APPROVALS_STORAGE_KEY, approvalSettingsSchema);
  const serverDetails = useServerDetails();
  const serverSkills = useServerSkills();

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

  function checkHealth(serverId: string, url: string) {
    void askForSites([url]);
    setHealth((previous) => ({ ...previous, [serverId]: 'checking' }));
    void client.server(serverId, 'health/check').then(
      (result) => setHealth((previous) => ({ ...previous, [serverId]: result })),
      (error: unknown) =>
        setHealth((previous) => ({
          ...previous,
          [serverId]: {
            ok: false,
            latencyMs: 0,
            error: error instanceof Error ? error.message : String(error),
            steps: [],
            report: '',
          },
        })),
    );
  }

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
    return {
      server,
      tools: tools[server.id],
      busy: busy.has(server.id),
      onToggle: (enabled) => {
        if (enabled) void askFor(server);
        void withBusy(server.id, () => client.server(server.id, enabled ? 'enable' : 'disable'));
      },
      onRetry: () => {
        void askFor(server);
        void withBusy(server.id, () => client.server(server.id, 'enable'));
      },
      onSignIn: () => {
        void askFor(server);
        void withBusy(server.id, () => client.server(server.id, 'auth/start'));
      },
      onAllowAccess: () => allowAccess(server),
      onSignOut: () => void withBusy(server.id, () => client.server(server.id, 'disconnect')),
      onHealthCheck: () => checkHealth(server.id, server.url),
      ...(health[server.id] ? { health: health[server.id] } : {}),
      readOnlyWithoutAsking: approvals.value?.[server.id]?.readOnlyWithoutAsking ?? false,
      onReadOnlyWithoutAskingChange: (value) =>
        void approvals.save(setReadOnlyWithoutAsking(approvals.value ?? {}, server.id, value)),
      onDisabledToolsChange: (names) =>
        void client.server(server.id, 'tools/disabled/set', { names }).then(
          () => loadTools(server.id),
          (error: unknown) => setNotice(error instanceof Error ? error.message : String(error)),
        ),
      details: {
        data: serverDetails.details[server.id] ?? {},
        onSamplingChange: (enabled) =>
          void withBusy(server.id, () => client.server(server.id, 'sampling/set', { enabled })),
        onLoad: (section) => serverDetails.loadSection(server.id, section),
        onLoadMore: (list) => serverDetails.loadMore(server.id, list),
        onRetry: (list) => serverDetails.retry(server.id, list),
        onOpenResource: (uri) => void serverDetails.openResource(server.id, uri),
        onClosePreview: () => serverDetails.closePreview(server.id),
        skills: {
          state: serverSkills.skills[server.id],
          busy: serverSkills.busy.has(server.id),
          onLoad: () => void serverSkills.load(server.id),
          onRetry: () => void serverSkills.load(server.id),
          onDecide: (skill, allow, allowTools) =>
            void serverSkills.decide(skill, allow, allowTools),
        },
      },
      ...(server.isCustom
        ? {
            onEdit,
            onRemove: () =>
              void withBusy(server.id, () =>
                client.request('mcp/servers/remove', { id: server.id }),
              ),
          }
        : {}),
    };
  }

  return { notice, cardProps };
}
