import type { ServerView } from '../../src/messaging/contract';
import type { ComposerRequest } from '../../src/panel-entry/composer-request';
import { Composer } from '../composer/Composer';
import { ImageChips } from '../composer/ImageChips';
import type { ComposerFill } from '../composer/use-outside-text';
import { useImageInput } from '../composer/use-image-input';
import { useQuotedPages } from '../composer/use-quoted-pages';
import type { useServerContext } from '../composer/use-server-context';
import { useChatComposer } from './use-chat-composer';
import type { ChatSessionOptions, ChatSessionState } from './use-chat-session';

/**
 * The chat's composer, wired to its conversation: the message with what is attached, the images
 * pasted or dropped, the pages an entry point quoted, and the server's prompts.
 */
export function SessionComposer({
  session,
  servers,
  context,
  loadSettings,
  request,
  onRequestApplied,
  fill,
  onEditLast,
  onSent,
}: {
  session: ChatSessionState;
  servers: ServerView[];
  context: ReturnType<typeof useServerContext>;
  loadSettings: ChatSessionOptions['loadSettings'];
  request: ComposerRequest | undefined;
  onRequestApplied: (() => void) | undefined;
  fill: ComposerFill | undefined;
  onEditLast: (() => void) | undefined;
  onSent(): void;
}) {
  const images = useImageInput(loadSettings);
  const takeQuoted = useQuotedPages(request);
  const composer = useChatComposer({
    servers,
    session,
    context,
    takeImages: images.take,
    takeQuoted,
    onSent,
  });
  return (
    <Composer
      busy={session.busy}
      {...composer}
      {...(session.routineRun.run?.state === 'running' && {
        disabledReason: 'The routine is writing this chat; it is yours again when it is done.',
      })}
      {...(onEditLast && { onEditLast })}
      request={request}
      {...(onRequestApplied ? { onRequestApplied } : {})}
      onFiles={(files) => void images.add(files)}
      chips={<ImageChips {...images} onRemove={images.remove} />}
      sendsWithoutText={images.images.length > 0}
      {...(fill ? { fill } : {})}
    />
  );
}
