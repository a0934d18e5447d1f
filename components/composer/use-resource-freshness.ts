import type { UIMessage } from 'ai';
import { useEffect, useRef } from 'react';
import { isResourcePart, withRefreshedResource } from '../../src/chat-message/resource-parts';
import type { ServerView } from '../../src/messaging/contract';
import type { ResourceContents } from '../../src/messaging/features-contract';
import { useClient } from '../shared/client-context';
import type { PendingAttachment } from './use-pending-attachments';
import { resourceKey } from './resource-key';
import { useResourceSubscriptions } from './use-resource-subscriptions';

/**
 * Every resource in the conversation or attached whose server allows subscriptions, as keys
 * joined by new lines (sorted, so the same resources give the same text).
 */
function wantedResourceKeys(
  servers: ServerView[],
  messages: UIMessage[],
  attachments: PendingAttachment[],
): string {
  const wanted = new Map<string, { serverId: string; uri: string }>();
  for (const message of messages)
    for (const part of message.parts)
      if (isResourcePart(part))
        wanted.set(resourceKey(part.data.serverId, part.data.uri), part.data);
  for (const item of attachments) wanted.set(resourceKey(item.serverId, item.uri), item);
  const canSubscribe = new Set(
    servers
      .filter((server) => server.isEnabled && server.features?.resourceSubscriptions)
      .map((server) => server.id),
  );
  return [...wanted.keys()]
    .filter((key) => canSubscribe.has(wanted.get(key)?.serverId ?? ''))
    .sort()
    .join('\n');
}

/** Subscribes to every resource in view and reads one again when its server says it changed. */
export function useResourceFreshness({
  servers,
  messages,
  attachments,
  replaceMessages,
  setAttachments,
}: {
  servers: ServerView[];
  messages: UIMessage[];
  attachments: PendingAttachment[];
  replaceMessages(update: (messages: UIMessage[]) => UIMessage[]): void;
  setAttachments(update: (previous: PendingAttachment[]) => PendingAttachment[]): void;
}) {
  const client = useClient();
  const subscribed = useResourceSubscriptions(wantedResourceKeys(servers, messages, attachments));

  // A server may announce changes in bursts: one read at a time per resource, one more if it
  // changed again meanwhile, and nothing rewritten when the text is the same.
  const reading = useRef(new Map<string, boolean>());
  useEffect(() => {
    const apply = (serverId: string, uri: string, contents: ResourceContents[]) => {
      replaceMessages((current) => withRefreshedResource(current, serverId, uri, contents));
      setAttachments((previous) =>
        previous.map((item) =>
          item.serverId === serverId && item.uri === uri ? { ...item, contents } : item,
        ),
      );
    };
    const read = (serverId: string, uri: string) => {
      const key = resourceKey(serverId, uri);
      if (reading.current.has(key)) {
        reading.current.set(key, true);
        return;
      }
      reading.current.set(key, false);
      void client
        .server(serverId, 'resources/read', { uri })
        .then(
          ({ contents }) => apply(serverId, uri, contents),
          () => undefined,
        )
        .finally(() => {
          const again = reading.current.get(key);
          reading.current.delete(key);
          if (again) read(serverId, uri);
        });
    };
    return client.onBroadcast((message) => {
      if (message.type !== 'mcp/resource/updated') return;
      const { serverId, uri } = message.payload;
      if (subscribed.current.has(resourceKey(serverId, uri))) read(serverId, uri);
    });
  }, [client, replaceMessages, setAttachments, subscribed]);
}
