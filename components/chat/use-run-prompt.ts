import { promptMessagesToUIMessages } from '../../src/chat-message/resource-parts';
import type { ServerView } from '../../src/messaging/contract';
import type { PromptView } from '../../src/messaging/features-contract';
import type { useServerContext } from '../composer/use-server-context';
import { useClient } from '../shared/client-context';
import type { ChatSessionState } from './use-chat-session';

/**
 * Runs a server's prompt in the chat: its messages join the conversation as the server's
 * words, and one that ends with the person's turn is sent. `onSent` runs when it goes out.
 */
export function useRunPrompt(options: {
  servers: ServerView[];
  session: ChatSessionState;
  context: Pick<ReturnType<typeof useServerContext>, 'setNotice'>;
  onSent(): void;
}) {
  const { servers, session, context, onSent } = options;
  const client = useClient();
  const { chat } = session;
  const serverName = (serverId: string) =>
    servers.find((server) => server.id === serverId)?.name ?? serverId;

  return (prompt: PromptView, args: Record<string, string>) => {
    if (session.busy) {
      context.setNotice('Wait for the answer to finish (or stop it) before running a prompt.');
      return;
    }
    context.setNotice(undefined);
    void client.server(prompt.serverId, 'prompts/get', { name: prompt.name, arguments: args }).then(
      ({ messages: promptMessages }) => {
        // The prompt's messages are the server's words, whatever their role.
        const fromPrompt = { fromPrompt: { serverId: prompt.serverId, name: prompt.name } };
        const inserted = promptMessagesToUIMessages(prompt.serverId, promptMessages).map(
          (message) => ({ ...message, metadata: fromPrompt }),
        );
        const last = inserted.at(-1);
        if (!last) {
          context.setNotice(
            `${serverName(prompt.serverId)} gave the prompt ${prompt.name} no messages.`,
          );
          return;
        }
        // The prompt's turns join the conversation; one that ends with the person's turn is sent.
        if (last.role === 'user') {
          chat.setMessages((current) => [...current, ...inserted.slice(0, -1)]);
          onSent();
          void chat.sendMessage({ parts: last.parts, metadata: fromPrompt });
        } else chat.setMessages((current) => [...current, ...inserted]);
      },
      (error: unknown) => context.setNotice(error instanceof Error ? error.message : String(error)),
    );
  };
}
