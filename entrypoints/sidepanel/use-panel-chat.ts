import { useChatTab } from '../../components/chat/use-chat-tab';
import { useComposerDraft } from '../../components/composer/use-composer-draft';
import { useConversations } from '../../components/history/use-conversations';
import type { usePermissionSwitch } from '../../components/permissions/use-permission-switch';
import { useOpenRunChat } from '../../components/routines/use-open-run-chat';
import { useRoutineEditing } from '../../components/routines/use-routine-editing';
import type { useModelChoice } from '../../components/settings/use-model-choice';
import { useStored } from '../../components/shared/use-stored';
import { CHAT_RETENTION_KEY, retentionSchema } from '../../src/chat/retention';
import type { ServerView } from '../../src/messaging/contract';
import type { PanelPorts } from './panel-ports';
import type { PanelTabs } from './use-panel-tabs';

/**
 * The chat as the panel holds it, so it outlives a visit to another tab: the composer's draft
 * (and what the keyboard command left for it), a routine being made from a chat, the chats kept
 * as many days as the person chose, a routine run's chat opened when asked, and the chat tab's
 * own state.
 */
export function usePanelChat(
  ports: Pick<PanelPorts, 'store' | 'inbox' | 'askForSites'>,
  options: {
    models: ReturnType<typeof useModelChoice>;
    servers: ServerView[];
    browserOn: boolean;
    inChat: ReturnType<typeof usePermissionSwitch>;
    tabs: PanelTabs;
  },
) {
  const { store } = ports;
  const { tabs } = options;
  const composer = useComposerDraft(ports.inbox, tabs.showChat);
  const routineEditing = useRoutineEditing();
  const keepDays = useStored(store, CHAT_RETENTION_KEY, retentionSchema);
  const chats = useConversations({
    store,
    keepDays: keepDays.value ?? undefined,
    ready: keepDays.loaded,
  });
  useOpenRunChat(composer.request, chats.open, tabs.showRunChat);
  const chat = useChatTab({
    store,
    models: options.models,
    chats,
    servers: options.servers,
    browserOn: options.browserOn,
    onBrowserToggle: options.inChat.toggle,
    askForSites: ports.askForSites,
  });
  return { composer, routineEditing, keepDays, chats, chat };
}

export type PanelChat = ReturnType<typeof usePanelChat>;
