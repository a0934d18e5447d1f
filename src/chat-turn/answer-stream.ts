import type { UIMessage, UIMessageStreamOptions } from 'ai';
import { answerMetadataFor } from '../chat-message/answer-metadata';
import type { ModelSettings } from '../models/model-settings';
import { explainChatError, type ChatErrorExplained } from './chat-errors';

/**
 * How the answer streams to the panel's chat: a failure as a sentence (the UI stream carries
 * only words, so the step it offers goes to `onModelError`), and what the answer keeps about
 * itself (src/chat-message/answer-metadata.ts).
 */
export function answerStreamOptions(
  messages: UIMessage[],
  settings: ModelSettings,
  /** The site the person pointed the chat at, kept for the calls approved later in the answer. */
  pointedOrigin: string | undefined,
  onModelError: (explained: ChatErrorExplained) => void,
): UIMessageStreamOptions<UIMessage> {
  const continued = messages.at(-1);
  return {
    originalMessages: messages,
    onError: (error) => {
      const explained = explainChatError(error);
      // The chat's own provider: the one to fix, whichever new chats use.
      onModelError(
        explained.step.kind === 'settings'
          ? { ...explained, step: { ...explained.step, provider: settings.provider } }
          : explained,
      );
      return explained.sentence;
    },
    // The model, its token counts and how long it reasoned, kept on the answer.
    messageMetadata: answerMetadataFor({
      model: { provider: settings.provider, id: settings.model },
      ...(pointedOrigin && { pointedOrigin }),
      ...(continued?.role === 'assistant' && { continued }),
    }),
  };
}
