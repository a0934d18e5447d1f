/**
 * Hearing of a 2026-era server's list changes on a connection opened with a stored era.
 *
 * Where SDK v2 (2.4) falls short: after a probe it opens the `subscriptions/listen` stream
 * itself, but `connect({ prior })` only registers the handlers, so a worker that restarted
 * with a stored era would never hear of list changes. `follow` opens it, without waiting for
 * the server's acknowledgement.
 */
import type { Client, McpSubscription } from '@modelcontextprotocol/client';
import type { Era } from './connection-types';
import type { ClientEvents } from './sdk-client';

export function changeListening(
  client: Client,
  events: Pick<ClientEvents, 'onToolsChanged' | 'onFeaturesChanged'>,
  prior: Era | undefined,
  isClosing: () => boolean,
) {
  const { onToolsChanged, onFeaturesChanged } = events;
  let subscription: McpSubscription | undefined;
  const offered = client.getServerCapabilities();
  const filter = {
    ...(onToolsChanged && offered?.tools?.listChanged ? { toolsListChanged: true } : {}),
    ...(onFeaturesChanged && offered?.prompts?.listChanged ? { promptsListChanged: true } : {}),
    ...(onFeaturesChanged && offered?.resources?.listChanged ? { resourcesListChanged: true } : {}),
  };
  let following = prior?.kind !== 'modern' || Object.keys(filter).length === 0;
  return {
    follow(): void {
      if (following) return;
      following = true;
      client.listen(filter).then(
        (opened) => {
          if (isClosing()) void opened.close();
          else subscription = opened;
        },
        (error: unknown) =>
          client.onerror?.(error instanceof Error ? error : new Error(String(error))),
      );
    },
    close: async (): Promise<void> => {
      await subscription?.close().catch(() => undefined);
    },
  };
}
