import type { DynamicToolUIPart } from 'ai';
import { useMemo } from 'react';
import { typedWordsOf } from '../../src/chat/typed-words';
import type { ServerView } from '../../src/messaging/contract';
import { createToolNameMap } from '../../src/model-tools/tool-names';
import type { AppSlotContext } from '../apps/tool-app-slot';
import { renderChatTool, type ChatToolContext } from './chat-tool-slot';
import { useBrowserTargets } from './use-browser-targets';
import type { ChatSessionOptions, ChatSessionState } from './use-chat-session';

/**
 * How a chat draws its tool calls: the model's names for tools mapped back to servers' tools,
 * the browser tabs calls target, approvals, and what the calls' MCP Apps may do in the chat.
 * `toolState` changes when what cards show besides their message changes.
 */
export function useChatToolCards(options: {
  session: ChatSessionState;
  servers: ServerView[];
  settings: Pick<ChatSessionOptions, 'loadApprovals' | 'saveApprovals'>;
  setNotice(notice: string): void;
  /** A message goes out: the transcript follows it. */
  onSend(): void;
  openResource: ChatToolContext['openResource'];
}) {
  const { session, servers, settings } = options;
  const { chat, tools, progress, stoppedCalls, approvals } = session;
  const names = useMemo(() => createToolNameMap(tools), [tools]);
  const tabTargets = useBrowserTargets(chat.messages, names);
  // What tool cards show besides their message: rows with cards render again when it changes.
  const toolState = useMemo(
    () => ({ tools, servers, progress, stoppedCalls, approvals, tabTargets }),
    [tools, servers, progress, stoppedCalls, approvals, tabTargets],
  );
  const typedWords = useMemo(() => typedWordsOf(chat.messages), [chat.messages]);

  const apps: AppSlotContext = {
    savedCalls: session.savedCalls,
    stoppedCalls,
    appContext: session.appContext,
    loadApprovals: settings.loadApprovals,
    async saveApprovals(next) {
      await settings.saveApprovals(next);
      session.setApprovals(next);
    },
    async sendMessage(text, from) {
      if (session.busy) {
        options.setNotice('Wait for the answer to finish before an app sends a message.');
        return false;
      }
      options.onSend();
      void chat.sendMessage({ parts: [{ type: 'text', text }], metadata: { fromApp: from } });
      return true;
    },
  };

  const renderTool = (part: DynamicToolUIPart) =>
    renderChatTool(part, {
      tools,
      servers,
      names,
      progress,
      stoppedCalls,
      approvals,
      typedWords,
      tabTargets,
      apps,
      respond: (call, approved) => {
        if (call.state !== 'approval-requested') return;
        void chat.addToolApprovalResponse({
          id: call.approval.id,
          approved,
          ...(approved ? {} : { reason: 'The person denied this tool call.' }),
        });
      },
      alwaysAllow: session.alwaysAllow,
      openResource: options.openResource,
    });

  return { renderTool, toolState };
}
