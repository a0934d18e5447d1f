/**
 * Patchbay's own tools (the skill tool, the tool search) as they describe themselves to the rule
 * of what runs unasked: what a call of one is, as a tool the rule decides like any other; whether
 * the person's grant holds for it; and what its result brings into the chat. The chat's adapter
 * (src/chat-approval/chat-approval.ts) asks these, and knows none of them by name.
 */
import type { ModelMessage } from 'ai';
import type { ToolView } from '../messaging/contract';
import type { ContentSource } from './chat-sources';
import type { ToolLike } from './grants';

/**
 * The server id of Patchbay's own tools that belong to no server (the tool search): no server
 * has it (catalog ids, `custom-…`). The rule reads their hints as Patchbay's word, not a server's.
 */
export const PATCHBAY_TOOLS_ID = 'patchbay';

/** Whether a tool is one of Patchbay's own (the search), not a server's. */
export function isPatchbayTool(tool: Pick<ToolView, 'serverId'>): boolean {
  return tool.serverId === PATCHBAY_TOOLS_ID;
}

export interface OwnTool {
  /** Its name as the model calls it. */
  name: string;
  /** The call as a tool the rule decides; undefined for one it cannot run (it asks). */
  toolFor(input: unknown): (ToolLike & Pick<ToolView, 'page'>) | undefined;
  /** Whether the person's grant holds for the call itself (a skill they allowed). */
  granted?(input: unknown): boolean;
  /** What its result brings into the chat; undefined: its result, as any tool's. */
  resultSources?(input: unknown, output: unknown): ContentSource[] | undefined;
}

/**
 * A grant one of Patchbay's tools gives other tools in a chat (a loaded skill's allowed-tools the
 * person agreed to): whether it holds for `tool` given what the model has read.
 */
export type OwnToolGrant = (tool: ToolLike, messages: readonly ModelMessage[]) => boolean;
