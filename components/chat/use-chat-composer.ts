import type { FileUIPart } from 'ai';
import type { ComposerProps } from '../composer/Composer';
import { typedMetadata, type QuotedPage } from '../../src/chat-message/message-origin';
import { useClient } from '../shared/client-context';
import type { ServerView } from '../../src/messaging/contract';
import type { ChatSessionState } from './use-chat-session';
import type { useServerContext } from '../composer/use-server-context';
import { useRunPrompt } from './use-run-prompt';

type ServerContext = ReturnType<typeof useServerContext>;

/**
 * The composer's side of a chat: sending (with what is attached), running a server's prompt
 * (use-run-prompt.ts), completing its arguments, and the pickers' lists. `onSent` runs when a
 * message goes out.
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
  const runPrompt = useRunPrompt(options);

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
