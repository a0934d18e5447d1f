import { useCallback, useEffect, useRef, useState } from 'react';
import { chatModelOf, settingsForChat, type ChatModel } from '../../src/models/chat-model';
import { activeSettings, loadModelChoice, type ModelChoice } from '../../src/models/model-choice';
import type { ModelSettings } from '../../src/models/model-settings';
import type { ConversationStore, OpenedConversation } from '../../src/chat/history';
import type { KeyValueStore } from '../../src/platform/ports';

/**
 * The model of the open chat: the one stored with it, else the default (the active provider's
 * model). Choosing one in the header applies to this chat's next request, is stored with the
 * chat, and becomes the default for new chats. A chat not saved yet records its model once its
 * first message is saved (`onSaved`).
 */
export function useChatModel(options: {
  store: KeyValueStore;
  choice: ModelChoice | undefined;
  history: ConversationStore;
  conversation: OpenedConversation | undefined;
  saveDefault(model: ChatModel): Promise<void>;
}) {
  const { store, choice, history, conversation, saveDefault } = options;
  // What was chosen in this panel, by chat: the open conversation object may predate it.
  const [chosen, setChosen] = useState<{ id: string; model: ChatModel } | undefined>();
  const own = chosen && chosen.id === conversation?.id ? chosen.model : conversation?.model;
  const fallback = activeSettings(choice);
  const current: ChatModel | undefined =
    own && choice?.providers[own.provider] ? own : fallback ? chatModelOf(fallback) : undefined;

  // Read by callbacks that must stay the same for the chat's life (its transport, its writer).
  const latest = useRef({ id: conversation?.id, current, stored: conversation?.model });
  useEffect(() => {
    latest.current = { ...latest.current, id: conversation?.id, current };
  });
  // Which chat already has its model stored.
  const recorded = useRef<string | undefined>(undefined);
  useEffect(() => {
    if (conversation?.model) recorded.current = conversation.id;
  }, [conversation]);

  /** Read fresh for every request, so a model chosen a moment ago applies to the next one. */
  const loadSettings = useCallback(
    async (): Promise<ModelSettings | undefined> =>
      settingsForChat(await loadModelChoice(store), latest.current.current),
    [store],
  );

  const choose = useCallback(
    async (model: ChatModel) => {
      const id = latest.current.id;
      if (!id) return;
      latest.current = { ...latest.current, current: model };
      setChosen({ id, model });
      if (await history.setModel(id, model)) recorded.current = id;
      else if (recorded.current === id) recorded.current = undefined;
      await saveDefault(model);
    },
    [history, saveDefault],
  );

  /** After a save: a chat's first save records the model it started with. */
  const onSaved = useCallback(() => {
    const { id, current: model } = latest.current;
    if (!id || !model || recorded.current === id) return;
    // The save may be another chat's (flushed as it closed): this one may have no summary yet.
    void history.setModel(id, model).then((stored) => {
      if (stored) recorded.current = id;
    });
  }, [history]);

  return {
    current,
    loadSettings,
    choose,
    onSaved,
  };
}
