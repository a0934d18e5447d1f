import type { UIMessage } from 'ai';
import type { ServerView } from '../../src/messaging/contract';
import { usePendingAttachments } from './use-pending-attachments';
import { usePickerLists } from './use-picker-lists';
import { useResourceFreshness } from './use-resource-freshness';

export type { PendingAttachment } from './use-pending-attachments';

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
  const lists = usePickerLists();
  const { setAttachments, ...pending } = usePendingAttachments();
  useResourceFreshness({
    servers,
    messages,
    attachments: pending.attachments,
    replaceMessages,
    setAttachments,
  });
  return { ...lists, ...pending };
}
