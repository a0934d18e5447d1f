import type { UIMessage } from 'ai';
import { useCallback, useEffect, useRef, useState } from 'react';
import {
  attachmentParts,
  isResourcePart,
  refreshedPart,
} from '../../src/chat-message/resource-parts';
import type { Attachment } from '../../src/composer/attachment';
import { useClient } from '../shared/client-context';
import type { ServerView } from '../../src/messaging/contract';
import type {
  PromptView,
  ResourceContents,
  ResourceTemplateView,
  ResourceView,
} from '../../src/messaging/features-contract';

/** An attachment waiting for the next message, read as soon as it was chosen. */
export interface PendingAttachment extends Attachment {
  contents?: ResourceContents[];
  error?: string;
}

type MessagePart = UIMessage['parts'][number];

const keyOf = (serverId: string, uri: string) => `${serverId} ${uri}`;

/**
 * What the chat takes from servers besides tools: the resources, templates and prompts the
 * pickers offer; the resources attached to the next message (read when attached, so sending
 * never waits or fails); and freshness: every resource in the conversation or attached is
 * subscribed to where its server allows, and read again when the server says it changed.
 */
export function useServerContext({
  servers,
  messages,
  replaceMessages,
}: {
  servers: ServerView[];
  messages: UIMessage[];
  replaceMessages(update: (messages: UIMessage[]) => UIMessage[]): void;
}) {
  const client = useClient();
  const [resources, setResources] = useState<ResourceView[]>([]);
  const [templates, setTemplates] = useState<ResourceTemplateView[]>([]);
  const [prompts, setPrompts] = useState<PromptView[]>([]);
  const [attachments, setAttachments] = useState<PendingAttachment[]>([]);
  const [notice, setNotice] = useState<string | undefined>();

  const loadPicker = useCallback(
    (kind: 'resources' | 'prompts') => {
      if (kind === 'resources')
        void client.request('mcp/resources/list').then(
          (all) => {
            setResources(all.resources);
            setTemplates(all.templates);
          },
          () => undefined,
        );
      else
        void client.request('mcp/prompts/list').then(
          (all) => setPrompts(all.prompts),
          () => undefined,
        );
    },
    [client],
  );

  // Once when the chat opens, and again when a server's resources or prompts change.
  useEffect(() => {
    loadPicker('resources');
    loadPicker('prompts');
    return client.onBroadcast((message) => {
      if (message.type === 'mcp/features/changed') loadPicker(message.payload.kind);
    });
  }, [client, loadPicker]);

  const attach = useCallback(
    (attachment: Attachment) => {
      setNotice(undefined);
      setAttachments((previous) =>
        previous.some(
          (item) => keyOf(item.serverId, item.uri) === keyOf(attachment.serverId, attachment.uri),
        )
          ? previous
          : [...previous, attachment],
      );
      void client.server(attachment.serverId, 'resources/read', { uri: attachment.uri }).then(
        ({ contents }) =>
          setAttachments((previous) =>
            previous.map((item) =>
              item.uri === attachment.uri && item.serverId === attachment.serverId
                ? { ...item, contents }
                : item,
            ),
          ),
        (error: unknown) => {
          setAttachments((previous) =>
            previous.filter(
              (item) => !(item.uri === attachment.uri && item.serverId === attachment.serverId),
            ),
          );
          setNotice(
            `${attachment.title ?? attachment.name} could not be attached: ${error instanceof Error ? error.message : String(error)}`,
          );
        },
      );
    },
    [client],
  );

  const detach = useCallback((uri: string) => {
    setAttachments((previous) => previous.filter((item) => item.uri !== uri));
  }, []);

  /** The parts the attachments add to a message, and clears them; undefined while one is read. */
  const takeAttachmentParts = useCallback((): MessagePart[] | undefined => {
    if (attachments.some((item) => !item.contents)) return undefined;
    const parts = attachments.flatMap((item) => attachmentParts(item, item.contents ?? []));
    setAttachments([]);
    return parts;
  }, [attachments]);

  useFreshness({ servers, messages, attachments, replaceMessages, setAttachments });

  return {
    resources,
    templates,
    prompts,
    attachments,
    notice,
    setNotice,
    loadPicker,
    attach,
    detach,
    takeAttachmentParts,
  };
}

/** Subscribes to every resource in view and reads one again when its server says it changed. */
function useFreshness({
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
  const subscribed = useRef(new Set<string>());
  const wanted = new Map<string, { serverId: string; uri: string }>();
  for (const message of messages)
    for (const part of message.parts)
      if (isResourcePart(part)) wanted.set(keyOf(part.data.serverId, part.data.uri), part.data);
  for (const item of attachments) wanted.set(keyOf(item.serverId, item.uri), item);
  const canSubscribe = new Set(
    servers
      .filter((server) => server.isEnabled && server.features?.resourceSubscriptions)
      .map((server) => server.id),
  );
  const wantedKeys = [...wanted.keys()]
    .filter((key) => canSubscribe.has(wanted.get(key)?.serverId ?? ''))
    .sort()
    .join('\n');

  useEffect(() => {
    const next = new Set(wantedKeys ? wantedKeys.split('\n') : []);
    for (const key of next) {
      if (subscribed.current.has(key)) continue;
      subscribed.current.add(key);
      const [serverId = '', ...rest] = key.split(' ');
      void client
        .server(serverId, 'resources/subscribe', { uri: rest.join(' ') })
        .catch(() => undefined);
    }
    for (const key of [...subscribed.current]) {
      if (next.has(key)) continue;
      subscribed.current.delete(key);
      const [serverId = '', ...rest] = key.split(' ');
      void client
        .server(serverId, 'resources/unsubscribe', { uri: rest.join(' ') })
        .catch(() => undefined);
    }
  }, [client, wantedKeys]);

  // Closing the chat, or the panel itself, lets the servers stop telling.
  useEffect(() => {
    const current = subscribed.current;
    const release = () => {
      for (const key of current) {
        const [serverId = '', ...rest] = key.split(' ');
        void client
          .server(serverId, 'resources/unsubscribe', { uri: rest.join(' ') })
          .catch(() => undefined);
      }
      current.clear();
    };
    window.addEventListener('pagehide', release);
    return () => {
      window.removeEventListener('pagehide', release);
      release();
    };
  }, [client]);

  // A server may announce changes in bursts: one read at a time per resource, one more if it
  // changed again meanwhile, and nothing rewritten when the text is the same.
  const reading = useRef(new Map<string, boolean>());
  useEffect(() => {
    const apply = (serverId: string, uri: string, contents: ResourceContents[]) => {
      const same = (part: MessagePart) =>
        isResourcePart(part) && part.data.serverId === serverId && part.data.uri === uri;
      replaceMessages((current) => {
        let changed = false;
        const next = current.map((chatMessage) => {
          if (!chatMessage.parts.some(same)) return chatMessage;
          const parts = chatMessage.parts.map((part) => {
            if (!same(part) || !isResourcePart(part)) return part;
            const fresh = refreshedPart(part, contents);
            if (fresh.data.text === part.data.text) return part;
            changed = true;
            return fresh;
          });
          return changed ? { ...chatMessage, parts } : chatMessage;
        });
        return changed ? next : current;
      });
      setAttachments((previous) =>
        previous.map((item) =>
          item.serverId === serverId && item.uri === uri ? { ...item, contents } : item,
        ),
      );
    };
    const read = (serverId: string, uri: string) => {
      const key = keyOf(serverId, uri);
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
      if (subscribed.current.has(keyOf(serverId, uri))) read(serverId, uri);
    });
  }, [client, replaceMessages, setAttachments]);
}
