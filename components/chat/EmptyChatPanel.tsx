import type { ServerView, ToolView } from '../../src/messaging/contract';
import type { AskForSites } from '../../src/permissions/ask-for-sites';
import { EmptyChat } from './EmptyChat';
import { useEmptyChat } from './use-empty-chat';

/**
 * An empty chat with what it does (use-empty-chat.ts): loaded with the first empty chat, as a
 * chunk of its own, so the panel's first load does not carry the suggestions.
 */
export default function EmptyChatPanel(props: {
  servers: readonly ServerView[];
  tools: readonly ToolView[];
  askForSites: AskForSites;
  /** A question chosen: it goes in the composer, unsent. */
  onAsk(question: string): void;
}) {
  const empty = useEmptyChat(props.servers, props.tools, props.askForSites);
  return (
    <EmptyChat
      toolCount={props.tools.length}
      servers={props.servers}
      onAsk={props.onAsk}
      {...empty}
    />
  );
}
