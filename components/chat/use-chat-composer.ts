import type { FileUIPart } from 'ai';
import type { ComposerProps } from '../composer/Composer';
import { typedMetadata, type QuotedPage } from '../../src/chat-message/message-origin';
import { promptMessagesToUIMessages } from '../../src/chat-message/resource-parts';
import { useClient } from '../shared/client-context';
import type { ServerView } from '../../src/messaging/contract';
import type { PromptView } from '../../src/messaging/features-contract';
import type { ChatSessionState } from './use-chat-session';
import type { useServerContext } from '../composer/use-server-context';

type ServerContext = ReturnType<typeof useServerContext>;

/**
 * The composer's side of a chat: sending (with what is attached), running a server's prompt,
 * completing its arguments, and the pickers' lists. `onSent` runs when a message goes out.
 */
export function useChatComposer(options: {
  servers: ServerView[];
  session: ChatSessionState;
  context: ServerContext;
  /** The images pasted or dropped for this message, taken as it goes out. */
  takeImages(): FileUIPart[];
  /** The pages whose text an entry point put in the draft, taken as it goes out. */
  takeQuoted(): QuotedPage[];
  onSent(): void;
}): Omit<ComposerProps, 'busy'> {
  const { servers, session, context, onSent } = options;
  const client = useClient();
  const { chat } = session;
  const serverName = (serverId: string) =>
    servers.find((server) => server.id === serverId)?.name ?? serverId;

  const runPrompt = (prompt: PromptView, args: Record<string, string>) => {
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

  return {
    onSend: (text) => {
      const attached = context.takeAttachmentParts();
      if (!attached) {
        context.setNotice('An attached resource is still being read; send again in a moment.');
        return false;
      }
      onSent();
      void chat.sendMessage({
        parts: [
          ...(text ? [{ type: 'text' as const, text }] : []),
          ...attached,
          ...options.takeImages(),
        ],
        // Only the composer marks words as the person's (src/chat-message/message-origin.ts).
        metadata: typedMetadata(options.takeQuoted()),
      });
      return true;
    },
    onStop: session.stop,
    resources: context.resources,
    templates: context.templates,
    prompts: context.prompts,
    servers: servers.map((server) => ({
      id: server.id,
      name: server.name,
      ...((server.iconDataUrl ?? server.serverIconDataUrl)
        ? { iconDataUrl: server.iconDataUrl ?? server.serverIconDataUrl }
        : {}),
    })),
    attachments: context.attachments,
    onAttach: context.attach,
    onDetach: context.detach,
    onPickerOpen: context.loadPicker,
    onRunPrompt: runPrompt,
    onComplete: async (request) =>
      // Only servers that offer completions are asked.
      !servers.find((server) => server.id === request.serverId)?.features?.completions
        ? []
        : (
            await client.server(request.serverId, 'completion/complete', {
              ref: request.ref,
              argument: request.argument,
              ...(request.context ? { context: request.context } : {}),
            })
          ).values,
  };
}
