/**
 * Which tools stay loaded from one request of a chat to the next when the tool search is on. A
 * tool the model found with a search, or called, stays loaded for the rest of the chat (most
 * recent first, up to a limit): the person's approval of a call starts a new request, and the
 * model goes on with the tools it had; a later question about the same thing needs no new
 * search. Within one request, the AI SDK loads what each search finds from the next step on.
 */
import type { UIMessage } from 'ai';
import { foundToolNames, TOOL_SEARCH_NAME } from './search-tool';

/**
 * The chat's tools the model loaded, by their names in the chat, the most recent first: those
 * its searches found (in their order of rank) and those it called. Only names `isAvailable`
 * keeps (switched on now), at most `limit`.
 */
export function loadedToolNames(
  messages: readonly UIMessage[],
  options: { isAvailable(name: string): boolean; limit: number },
): string[] {
  const loaded = new Set<string>();
  const add = (name: string) => {
    if (loaded.size < options.limit && options.isAvailable(name)) loaded.add(name);
  };
  for (let index = messages.length - 1; index >= 0 && loaded.size < options.limit; index -= 1) {
    const parts = messages[index]!.parts;
    for (let at = parts.length - 1; at >= 0; at -= 1) {
      const part = parts[at]!;
      if (part.type !== 'dynamic-tool') continue;
      if (part.toolName !== TOOL_SEARCH_NAME) add(part.toolName);
      else if (part.state === 'output-available') foundToolNames(part.output).forEach(add);
    }
  }
  return [...loaded];
}
