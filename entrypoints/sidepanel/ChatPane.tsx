import { lazy, Suspense, type ReactNode } from 'react';
import { ChatTab } from '../../components/chat/ChatTab';
import type { ChatTabState } from '../../components/chat/use-chat-tab';
import type { usePermissionSwitch } from '../../components/permissions/use-permission-switch';
import { FirstRun } from '../../components/settings/FirstRun';
import { settingsForChat } from '../../src/models/chat-model';
import type { ModelChoice } from '../../src/models/model-choice';
import { cannotCallTools } from '../../src/models/model-settings';
import type { ServerView } from '../../src/messaging/contract';
import type { PanelChat } from './use-panel-chat';
import type { PanelTabs } from './use-panel-tabs';

// Said only for a chat whose model cannot call tools (a local one that says so).
const ToolsNotice = lazy(() => import('../../components/chat/ToolsNotice'));

/** The Chat tab: first run's model setup until a model is chosen, then the chat. */
export function ChatPane({
  choice,
  modelSetup,
  panelChat,
  servers,
  inChat,
  tabs,
}: {
  choice: ModelChoice | undefined;
  /** The model's form, shown on first run. */
  modelSetup: ReactNode;
  panelChat: PanelChat;
  servers: ServerView[];
  inChat: ReturnType<typeof usePermissionSwitch>;
  tabs: PanelTabs;
}) {
  const { chat, routineEditing } = panelChat;
  if (!choice) return <FirstRun modelSetup={modelSetup} onRestore={tabs.openRestore} />;
  return (
    <ChatTab
      chat={chat}
      chats={panelChat.chats}
      servers={servers}
      inChat={inChat}
      composer={panelChat.composer}
      notice={toolsNotice(choice, chat)}
      onOpenSettings={tabs.openSettings}
      onOpenServer={tabs.openServer}
      onMakeRoutine={(routine) => {
        routineEditing.open(routine);
        tabs.show('routines');
      }}
    />
  );
}

/** The notice of a chat whose model cannot call tools, offering the models that can; or none. */
function toolsNotice(choice: ModelChoice, chat: ChatTabState): ReactNode {
  const chatSettings = settingsForChat(choice, chat.header.model?.current);
  if (chatSettings?.provider !== 'compatible' || !cannotCallTools(chatSettings)) return null;
  return (
    <Suspense fallback={null}>
      <ToolsNotice
        model={chatSettings.model}
        withTools={Object.keys(chatSettings.capabilities ?? {}).filter(
          (id) => chatSettings.capabilities?.[id]?.tools,
        )}
        onUse={(model) => chat.header.model?.onChoose({ provider: 'compatible', model })}
      />
    </Suspense>
  );
}
