/**
 * The tool search as the rest of Patchbay knows it: its name in the chat, whose tool it is
 * (Patchbay's own, `PATCHBAY_TOOLS_ID` of src/policy/own-tools.ts, whose hints the rule of what
 * runs unasked reads), and what its result says it found. The AI SDK tool itself is made in
 * src/tool-search/request-tools.ts.
 */
import type { ToolView } from '../messaging/contract';
import { PATCHBAY_TOOLS_ID } from '../policy/own-tools';

/**
 * The search's name in the chat. No other tool can take it: a server's tool is named
 * `{server id}__{tool}` and a site's `website_tool_…` (src/model-tools/tool-names.ts).
 */
export const TOOL_SEARCH_NAME = 'search_tools';

/**
 * The search as the approval rule sees it: it reads the list of switched-on tools in the side
 * panel, and nothing else; it sends nothing anywhere and changes nothing. Its hints are
 * Patchbay's own word, not a server's.
 */
export const TOOL_SEARCH_TOOL: Pick<
  ToolView,
  'serverId' | 'name' | 'description' | 'inputSchema' | 'annotations'
> = {
  serverId: PATCHBAY_TOOLS_ID,
  name: TOOL_SEARCH_NAME,
  description: 'Finds switched-on tools by keywords and loads them for the next step.',
  inputSchema: { type: 'object', properties: { query: { type: 'string' } } },
  annotations: {
    readOnlyHint: true,
    destructiveHint: false,
    idempotentHint: true,
    openWorldHint: false,
  },
};

/**
 * The names a search's output lists (the AI SDK's `{ tools: [{ name, description }] }`), in
 * its order; none for anything else.
 */
export function foundToolNames(output: unknown): string[] {
  if (typeof output !== 'object' || output === null) return [];
  const tools = (output as { tools?: unknown }).tools;
  if (!Array.isArray(tools)) return [];
  return tools.flatMap((tool: unknown) => {
    const name = typeof tool === 'object' && tool !== null ? (tool as { name?: unknown }).name : '';
    return typeof name === 'string' && name ? [name] : [];
  });
}
