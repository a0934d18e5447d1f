import { convertToModelMessages, type ModelMessage, type ToolSet, type UIMessage } from 'ai';
import { isResourcePart, resourcePartForModel } from '../chat-message/resource-parts';
import { isContinueRequest, withContinueInstruction } from './continue-answer';

/**
 * The chat as the model reads it: calls the person interrupted left out, attached resources and
 * embedded prompts as text, and, for Continue, the cut-off answer with the ask to go on.
 */
export async function modelMessagesFor(
  messages: UIMessage[],
  tools: ToolSet,
  serverNames: ReadonlyMap<string, string>,
  /** The request's body: a Continue says so there. */
  body: unknown,
): Promise<ModelMessage[]> {
  const modelMessages = await convertToModelMessages(messages, {
    tools,
    ignoreIncompleteToolCalls: true,
    // Resources the person attached, or a prompt embedded, reach the model as text.
    convertDataPart: (part) =>
      isResourcePart(part)
        ? resourcePartForModel(part.data, serverNames.get(part.data.serverId) ?? part.data.serverId)
        : undefined,
  });
  // Continue: the model reads its cut-off answer and is asked to go on from there.
  return isContinueRequest(body) ? withContinueInstruction(modelMessages) : modelMessages;
}
