import type { ChatModel } from './chat-model-schema';
import type { ModelChoice } from './model-choice';
import { PROVIDER_LABELS, type ModelSettings } from './model-settings';

export { chatModelSchema, type ChatModel } from './chat-model-schema';

/**
 * The settings a chat's next request uses: its own model on its own provider's settings, or
 * the default (the active provider) when the chat has no model yet or its provider is no longer
 * set up.
 */
export function settingsForChat(
  choice: ModelChoice | undefined,
  chat: ChatModel | undefined,
): ModelSettings | undefined {
  if (!choice) return undefined;
  const provider = chat ? choice.providers[chat.provider] : undefined;
  if (chat && provider) return { ...provider, model: chat.model };
  return choice.providers[choice.active];
}

/** The chat model a set of settings names. */
export function chatModelOf(settings: ModelSettings): ChatModel {
  return { provider: settings.provider, model: settings.model };
}

/**
 * The choice with `chat` as the default for new chats: its provider becomes the active one and
 * the model that provider's model. Unchanged when the provider is not set up.
 */
export function withDefaultModel(choice: ModelChoice, chat: ChatModel): ModelChoice {
  const provider = choice.providers[chat.provider];
  if (!provider) return choice;
  return {
    active: chat.provider,
    providers: { ...choice.providers, [chat.provider]: { ...provider, model: chat.model } },
  };
}

/** "scripted-model", or "scripted-model · Anthropic" where several providers are set up. */
export function chatModelLabel(chat: ChatModel, choice: ModelChoice | undefined): string {
  const several = Object.keys(choice?.providers ?? {}).length > 1;
  return several ? `${chat.model} · ${PROVIDER_LABELS[chat.provider]}` : chat.model;
}
