import { useCallback, useState } from 'react';
import { loadApprovalSecret } from '../../src/chat-approval/approval-secret';
import {
  APPROVALS_STORAGE_KEY,
  approvalSettingsSchema,
  type ApprovalSettings,
} from '../../src/policy/grants';
import type { ServerView } from '../../src/messaging/contract';
import type { KeyValueStore } from '../../src/platform/ports';
import type { useConversations } from '../history/use-conversations';
import type { useModelChoice } from '../settings/use-model-choice';
import { useChatHeader } from './use-chat-header';
import type { AskForSites } from '../../src/permissions/ask-for-sites';
import { useChatModel } from './use-chat-model';

/**
 * The chat tab's own state, held by the panel's shell so it outlives a visit to another tab:
 * the open chat's model and header, whether the chat switcher is open, what a save records,
 * and the person's approval grants (read fresh for every call, written by "Always allow").
 */
export function useChatTab(options: {
  store: KeyValueStore;
  models: ReturnType<typeof useModelChoice>;
  chats: ReturnType<typeof useConversations>;
  servers: readonly ServerView[];
  browserOn: boolean;
  onBrowserToggle(on: boolean): void;
  /** Asks Chrome for a server's site when the chat switches it on. */
  askForSites: AskForSites;
}) {
  const { store, models, chats, servers, askForSites } = options;
  const [showHistory, setShowHistory] = useState(false);
  const chatModel = useChatModel({
    store,
    ...models,
    history: chats.history,
    conversation: chats.conversation,
  });
  const { askModelList, ...header } = useChatHeader({
    servers,
    choice: models.choice,
    chatModel,
    browserOn: options.browserOn,
    onBrowserToggle: options.onBrowserToggle,
    askForSites,
  });
  const { onSaved: savedChat } = chats;
  const { onSaved: savedModel } = chatModel;
  const onSaved = useCallback(
    (title: string) => {
      savedChat(title);
      savedModel();
    },
    [savedChat, savedModel],
  );
  const loadApprovals = useCallback(
    async (): Promise<ApprovalSettings> =>
      approvalSettingsSchema.catch({}).parse(await store.get(APPROVALS_STORAGE_KEY)),
    [store],
  );
  const approvalSecret = useCallback(() => loadApprovalSecret(store), [store]);
  const saveApprovals = useCallback(
    async (next: ApprovalSettings) => store.set({ [APPROVALS_STORAGE_KEY]: next }),
    [store],
  );
  return {
    store,
    showHistory,
    setShowHistory,
    loadSettings: chatModel.loadSettings,
    header,
    askModelList,
    onSaved,
    loadApprovals,
    approvalSecret,
    saveApprovals,
    askForSites,
  };
}

export type ChatTabState = ReturnType<typeof useChatTab>;
