import type { UIMessage } from 'ai';
import type { ChatModel } from '../../src/models/chat-model';
import { MAX_NAME_CHARS, type RoutineInput } from '../../src/routines/routine';
import { isProxyToolOutput } from '../../src/model-tools/proxy-tools';
import { createToolNameMap } from '../../src/model-tools/tool-names';
import { originOfMessage } from '../../src/chat-message/message-origin';
import type { ServerView, ToolView } from '../../src/messaging/contract';
import { blankRoutine } from './new-routine';

/** The chat's first message the person sent from the composer. */
function firstTyped(messages: readonly UIMessage[]): UIMessage | undefined {
  return messages.find((message) => message.role === 'user' && originOfMessage(message).typed);
}

/**
 * The words of the chat's first message sent from the composer; undefined when there is none.
 * They may quote a page: {@link routineFromChat} carries its pages along.
 */
export function firstTypedWords(messages: readonly UIMessage[]): string | undefined {
  const words = firstTyped(messages)
    ?.parts.map((part) => (part.type === 'text' ? part.text : ''))
    .join('\n')
    .trim();
  return words || undefined;
}

/**
 * "Make this a routine": a new routine's editor filled from a chat: its first typed message as
 * the prompt (with the pages it quotes), its title as the name, its model, and the servers
 * whose tools it called (those set up now; the browser's and websites' tools are no routine's).
 * No tool is ticked: the person decides afresh what runs without asking.
 */
export function routineFromChat(chat: {
  title: string;
  model: ChatModel | undefined;
  messages: readonly UIMessage[];
  /** The tools listed now, to tell which server a call's provider-safe name belongs to. */
  tools: readonly Pick<ToolView, 'serverId' | 'name'>[];
  servers: readonly Pick<ServerView, 'id'>[];
}): RoutineInput {
  const names = createToolNameMap(chat.tools);
  const first = firstTyped(chat.messages);
  const quoted = first && originOfMessage(first).quoted;
  const called = new Set<string>();
  for (const message of chat.messages)
    for (const part of message.parts)
      if (part.type === 'dynamic-tool') {
        // A call's result names its server; one without a result is read from its name.
        const serverId =
          part.state === 'output-available' && isProxyToolOutput(part.output)
            ? part.output.serverId
            : names.resolve(part.toolName)?.serverId;
        if (serverId) called.add(serverId);
      }
  return {
    ...blankRoutine(),
    name: chat.title.slice(0, MAX_NAME_CHARS),
    prompt: firstTypedWords(chat.messages) ?? '',
    // A quoted page's words stay the page's in every run.
    ...(quoted?.length ? { quoted: [...quoted] } : {}),
    ...(chat.model ? { model: chat.model } : {}),
    servers: chat.servers.filter((server) => called.has(server.id)).map((server) => server.id),
  };
}
