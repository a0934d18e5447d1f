import { useMemo, useState } from 'react';
import type { ChatHeaderProps } from './ChatHeader';
import { chatModelLabel } from '../../src/models/chat-model';
import type { ModelChoice } from '../../src/models/model-choice';
import { checkToolBudget } from '../../src/model-tools/tool-budget';
import { toolCounts, toolsByServer } from '../../src/chat/tool-counts';
import { useClient } from '../shared/client-context';
import type { ServerView } from '../../src/messaging/contract';
import type { useChatModel } from './use-chat-model';
import { useChatTools } from './use-chat-tools';
import { useModelOptions } from '../shared/use-model-options';
import type { AskForSites } from '../../src/permissions/ask-for-sites';

/**
 * What the chat's header shows: the chat's model with the models to switch to, and the tools
 * the chat can use with their servers' switches (the same enable/disable as the Servers view);
 * and `askModelList`, which opens the models from elsewhere in the chat.
 */
export function useChatHeader(options: {
  servers: readonly ServerView[];
  choice: ModelChoice | undefined;
  chatModel: ReturnType<typeof useChatModel>;
  browserOn: boolean;
  onBrowserToggle(on: boolean): void;
  askForSites: AskForSites;
}): ChatHeaderProps & { askModelList(): void } {
  const { servers, choice, chatModel } = options;
  const client = useClient();
  /** Counts the asks to open the model list from elsewhere (a failure's Choose another model). */
  const [listAsked, setListAsked] = useState(0);
  const { tools } = useChatTools();
  const models = useModelOptions(choice);
  const counts = useMemo(() => toolCounts(tools), [tools]);
  const byServer = useMemo(() => toolsByServer(tools), [tools]);
  const budget = useMemo(() => checkToolBudget(tools), [tools]);
  const { current } = chatModel;
  return {
    model: current
      ? {
          current,
          label: chatModelLabel(current, choice),
          lists: models.lists,
          onOpen: () => void models.load(),
          onChoose: (model) => void chatModel.choose(model),
          openRequest: listAsked,
        }
      : undefined,
    askModelList: () => {
      void models.load();
      setListAsked((count) => count + 1);
    },
    counts,
    servers,
    toolsByServer: byServer,
    browserOn: options.browserOn,
    onBrowserToggle: options.onBrowserToggle,
    ...(!budget.ok && { searchNote: budget.message }),
    onServerToggle: (serverId, on) => {
      // Switching on asks Chrome for the server's site first, within the click.
      const server = servers.find((candidate) => candidate.id === serverId);
      if (on && server) void options.askForSites([server.url, ...(server.signInSites ?? [])]);
      void client.server(serverId, on ? 'enable' : 'disable').catch(() => undefined);
    },
  };
}
