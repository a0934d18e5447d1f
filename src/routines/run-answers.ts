/** Reading a routine run's chat: the calls an answer waits on, its steps, its tokens. */
import type { UIMessage } from 'ai';
import { addUsage, readAnswerMetadata, type AnswerUsage } from '../chat-message/answer-metadata';
import { providerName } from '../model-tools/tool-names';
import type { ServerView, ToolView } from '../messaging/contract';
import type { RunUsage } from './routine';

/** The person answered an answer's calls (in the panel): the model goes on with them. */
export function answeredCalls(message: UIMessage): boolean {
  return message.parts.some((part) => 'state' in part && part.state === 'approval-responded');
}

/** The calls in an answer that wait for the person's approval. */
export function waitingCalls(message: UIMessage) {
  return message.parts.flatMap((part) =>
    'toolCallId' in part && 'state' in part && part.state === 'approval-requested'
      ? [(part as { toolName?: string; type: string }).toolName ?? part.type.replace(/^tool-/, '')]
      : [],
  );
}

export function describeCalls(
  names: readonly string[],
  tools: readonly ToolView[],
  servers: readonly ServerView[],
): string {
  const words = names.map((name) => {
    const tool = tools.find((view) => providerName(view) === name);
    if (!tool) return name;
    const server = servers.find((each) => each.id === tool.serverId)?.name ?? tool.serverId;
    return `${tool.name} on ${server}`;
  });
  return [...new Set(words)].join(', ').slice(0, 300);
}

export function stepEnded(message: UIMessage): boolean {
  const last = message.parts.at(-1);
  return (
    last?.type === 'step-start' ||
    (last !== undefined && 'state' in last && last.state === 'output-available')
  );
}

/** Every answer's tokens in the run. */
export function usageOf(messages: readonly UIMessage[]): { usage?: RunUsage } {
  let total: AnswerUsage | undefined;
  for (const message of messages) {
    if (message.role !== 'assistant') continue;
    const usage = readAnswerMetadata(message).usage;
    if (usage) {
      total = addUsage(total, {
        inputTokens: usage.inputTokens,
        outputTokens: usage.outputTokens,
        totalTokens: usage.totalTokens,
      });
    }
  }
  if (!total) return {};
  return { usage: { inputTokens: total.inputTokens ?? 0, outputTokens: total.outputTokens ?? 0 } };
}
