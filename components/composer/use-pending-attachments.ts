import type { UIMessage } from 'ai';
import { useCallback, useState } from 'react';
import { attachmentParts } from '../../src/chat-message/resource-parts';
import type { Attachment } from '../../src/composer/attachment';
import type { ResourceContents } from '../../src/messaging/features-contract';
import { useClient } from '../shared/client-context';
import { resourceKey } from './resource-key';

/** An attachment waiting for the next message, read as soon as it was chosen. */
export interface PendingAttachment extends Attachment {
  contents?: ResourceContents[];
  error?: string;
}

type MessagePart = UIMessage['parts'][number];

const isItem = (item: Attachment, attachment: Attachment) =>
  item.uri === attachment.uri && item.serverId === attachment.serverId;

/**
 * The resources attached to the next message, read when attached (so sending never waits or
 * fails), and the notice that says one could not be read.
 */
export function usePendingAttachments() {
  const client = useClient();
  const [attachments, setAttachments] = useState<PendingAttachment[]>([]);
  const [notice, setNotice] = useState<string | undefined>();

  const attach = useCallback(
    (attachment: Attachment) => {
      setNotice(undefined);
      setAttachments((previous) =>
        previous.some(
          (item) =>
            resourceKey(item.serverId, item.uri) ===
            resourceKey(attachment.serverId, attachment.uri),
        )
          ? previous
          : [...previous, attachment],
      );
      void client.server(attachment.serverId, 'resources/read', { uri: attachment.uri }).then(
        ({ contents }) =>
          setAttachments((previous) =>
            previous.map((item) => (isItem(item, attachment) ? { ...item, contents } : item)),
          ),
        (error: unknown) => {
          setAttachments((previous) => previous.filter((item) => !isItem(item, attachment)));
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

  return { attachments, setAttachments, notice, setNotice, attach, detach, takeAttachmentParts };
}
