import type { ToolView } from '../messaging/contract';

/** What providers accept as a function name (OpenAI's rule, the strictest common one). */
export const TOOL_NAME_PATTERN = /^[a-zA-Z0-9_-]{1,64}$/;
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
 * Gives every tool a name the provider accepts, unique across servers and stable for the same
 * set of tools. A tool keeps its own (sanitized) name unless another server has one like it;
 * then both are prefixed with their server's id.
 */
export function createToolNameMap(
  tools: readonly Pick<ToolView, 'serverId' | 'name'>[],
): ToolNameMap {
  const sorted = [...tools].sort(
    (a, b) => a.serverId.localeCompare(b.serverId) || a.name.localeCompare(b.name),
  );
  const baseCounts = new Map<string, number>();
  for (const tool of sorted) {
    const base = sanitize(tool.name);
    baseCounts.set(base, (baseCounts.get(base) ?? 0) + 1);
  }
  const byAddress = new Map<string, string>();
  const byName = new Map<string, ToolAddress>();
  for (const tool of sorted) {
    const base = sanitize(tool.name);
    let candidate =
      (baseCounts.get(base) ?? 0) > 1
        ? shorten(`${sanitize(tool.serverId)}__${base}`, tool)
        : shorten(base, tool);
    for (let suffix = 2; byName.has(candidate); suffix += 1)
      candidate = shorten(`${base}_${suffix}`, tool);
    byAddress.set(key(tool), candidate);
    byName.set(candidate, { serverId: tool.serverId, name: tool.name });
  }
  return {
    nameFor: (address) => byAddress.get(key(address)) ?? shorten(sanitize(address.name), address),
    resolve: (providerName) => byName.get(providerName),
  };
}

function key(address: ToolAddress): string {
  return `${address.serverId}\u0000${address.name}`;
}

function sanitize(name: string): string {
  const cleaned = name.replace(/[^a-zA-Z0-9_-]+/g, '_').replace(/^_+|_+$/g, '');
  return cleaned || 'tool';
}

/** Shortens to 64 characters, keeping names distinct with a hash of the original. */
function shorten(name: string, address: ToolAddress): string {
  if (name.length <= MAX_LENGTH) return name;
  const hash = fnv1a(key(address)).toString(36).slice(0, 6);
  return `${name.slice(0, MAX_LENGTH - hash.length - 1)}_${hash}`;
}

function fnv1a(text: string): number {
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index += 1) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash;
}
