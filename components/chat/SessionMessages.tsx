import type { UIMessage } from 'ai';
import type { ToolView } from '../../src/messaging/contract';
import type { OpenResource } from '../resources/use-resource-reader';
import { firstTypedWords } from '../routines/routine-from-chat';
import { MessageList } from './MessageList';
import type { useChatToolCards } from './use-chat-tool-cards';
import type { ChatSessionState } from './use-chat-session';
import type { useMessageEditing } from './use-message-editing';

/** The conversation's messages, with their tool cards and what can be done with each turn. */
export function SessionMessages({
  session,
  cards,
  editing,
  onMakeRoutine,
  onOpenResource,
}: {
  session: ChatSessionState;
  cards: ReturnType<typeof useChatToolCards>;
  editing: ReturnType<typeof useMessageEditing>;
  onMakeRoutine: ((chat: { messages: UIMessage[]; tools: ToolView[] }) => void) | undefined;
  onOpenResource(resource: Omit<OpenResource, 'state'>): void;
}) {
  const { chat, tools } = session;
  // Offered once the person typed something here and the chat is at rest.
  const canMakeRoutine =
    onMakeRoutine && session.canRegenerate && firstTypedWords(chat.messages) !== undefined;
  return (
    <MessageList
      messages={chat.messages}
      streaming={session.busy}
      renderTool={cards.renderTool}
      onEdit={editing.edit}
      editingId={editing.editingId}
      onEditingChange={editing.setEditingId}
      onRegenerate={session.canRegenerate ? () => void chat.regenerate() : undefined}
      onMakeRoutine={
        canMakeRoutine ? () => onMakeRoutine({ messages: chat.messages, tools }) : undefined
      }
      onOpenResource={(resource) =>
        onOpenResource({
          serverId: resource.serverId,
          uri: resource.uri,
          ...(resource.title ? { title: resource.title } : {}),
        })
      }
      toolState={cards.toolState}
    />
  );
}
