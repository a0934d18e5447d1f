/**
 * The tool search as it describes itself to the rule of what runs unasked
 * (src/policy/own-tools.ts): a read of the switched-on tools, Patchbay's own word, whose result
 * brings in the found tools' servers' words about their tools. Found tools no longer listed are
 * someone's words about who knows what: they taint every call.
 */
import type { ToolView } from '../messaging/contract';
import { descriptionsSource, type ContentSource } from '../policy/chat-sources';
import type { OwnTool } from '../policy/own-tools';
import { foundToolNames, TOOL_SEARCH_NAME, TOOL_SEARCH_TOOL } from './search-tool';

export function searchOwnTool(
  viewOf: (providerName: string) => ToolView | undefined,
  serverName: (serverId: string) => string,
): OwnTool {
  return {
    name: TOOL_SEARCH_NAME,
    toolFor: () => TOOL_SEARCH_TOOL,
    // It reads the switched-on tools in the panel and sends nothing anywhere: Patchbay's word.
    granted: () => true,
    resultSources: (_input, output) => {
      const value =
        typeof output === 'object' && output !== null && 'value' in output ? output.value : output;
      return foundToolNames(value).flatMap((name): ContentSource[] => {
        const found = viewOf(name);
        if (!found) return [{ label: `${TOOL_SEARCH_NAME}’s result` }];
        const source = descriptionsSource(found, serverName);
        return source ? [source] : []; // the browser's tools: Patchbay's own words
      });
    },
  };
}
