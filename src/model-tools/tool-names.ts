import type { ToolView } from '../messaging/contract';
import { PAGE_TOOLS_SERVER_ID } from '../messaging/page-tools-contract';

/**
 * What every provider accepts as a function name: OpenAI's characters and length, and Gemini's
 * rule that a name starts with a letter or an underscore (Anthropic allows all of these).
 */
export const TOOL_NAME_PATTERN = /^[a-zA-Z_][a-zA-Z0-9_-]{0,63}$/;
const MAX_LENGTH = 64;

export interface ToolAddress {
  serverId: string;
  name: string;
}

export interface ToolNameMap {
  /** The provider-safe name for a server's tool. */
  nameFor(address: ToolAddress): string;
  /** The server and original name behind a provider-safe name. */
  resolve(providerName: string): ToolAddress | undefined;
}

/**
 * Gives every tool a name the provider accepts: `{server id}__{tool name}`, sanitized, with a
 * short hash of the original name when sanitizing or shortening lost something. The name is a
 * function of the server and the tool alone, never of the other tools listed, so:
 * - no server can take another's tool name (a tool called `notion__search` on a custom server
 *   becomes `custom-…__notion__search`, never Notion's `notion__search`);
 * - a tool-list change between a call's approval and its execution cannot make the same name
 *   mean another tool.
 */
export function createToolNameMap(
  tools: readonly Pick<ToolView, 'serverId' | 'name'>[],
): ToolNameMap {
  const byName = new Map<string, ToolAddress>();
  for (const tool of tools)
    byName.set(providerName(tool), { serverId: tool.serverId, name: tool.name });
  return {
    nameFor: (address) => providerName(address),
    resolve: (name) => byName.get(name),
  };
}

/** The provider-safe name of a server's tool. */
export function providerName(address: ToolAddress): string {
  // Websites' tools are named provider-safe and unique by their hub (website_tool_…), and can
  // never take a server's name: those all have `__` after a server id.
  if (address.serverId === PAGE_TOOLS_SERVER_ID && TOOL_NAME_PATTERN.test(address.name))
    return address.name;
  const server = sanitize(address.serverId);
  // Server ids start with a letter (catalog ids, custom-…); one that does not gets one.
  return prefixedName(`${/^[a-zA-Z]/.test(server) ? server : `s${server}`}__`, address.name);
}

/**
 * `prefix` (already provider-safe) and `name`, sanitized: exactly `prefix + name` when that is
 * safe and short enough, else shortened with a hash of the original `name` to keep names apart.
 */
export function prefixedName(prefix: string, name: string): string {
  const base = sanitize(name);
  const exact = base === name && prefix.length + base.length <= MAX_LENGTH;
  if (exact) return `${prefix}${base}`;
  // Sanitizing or shortening lost something: a hash of the original keeps names apart.
  const hash = shortHash(name);
  const room = MAX_LENGTH - prefix.length - hash.length - 1;
  return `${prefix}${base.slice(0, Math.max(1, room))}_${hash}`;
}

/** `name` with everything providers refuse turned into `_` (never empty). */
export function sanitize(name: string): string {
  const cleaned = name.replace(/[^a-zA-Z0-9_-]+/g, '_').replace(/^_+|_+$/g, '');
  return cleaned || 'tool';
}

/** Seven characters that tell `text` apart from other texts (FNV-1a, base 36). */
export function shortHash(text: string): string {
  return fnv1a(text).toString(36).padStart(7, '0');
}

function fnv1a(text: string): number {
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index += 1) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash;
}
