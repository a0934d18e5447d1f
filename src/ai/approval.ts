import { z } from 'zod';
import type { ToolView } from '../messaging/contract';

/** What "always allow" was given for: the tool as the server described it then. */
const toolDefinitionSchema = z.object({
  description: z.string(),
  inputSchema: z.string(),
  annotations: z.string(),
});
export type ToolDefinition = z.infer<typeof toolDefinitionSchema>;

const allowedToolSchema = z.object({ name: z.string(), definition: toolDefinitionSchema });

/**
 * Per server: run tools the server calls read-only without asking, and the tools the person
 * always allows. Entries saved before definitions were recorded are bare names; they are
 * upgraded to the definition seen first afterwards ({@link recordDefinitions}).
 */
export const approvalSettingsSchema = z.record(
  z.string(),
  z.object({
    readOnlyWithoutAsking: z.boolean().default(false),
    alwaysAllow: z.array(z.union([z.string(), allowedToolSchema])).default([]),
  }),
);
export type ApprovalSettings = z.infer<typeof approvalSettingsSchema>;

export const APPROVALS_STORAGE_KEY = 'chat.approvals';

type ToolLike = Pick<ToolView, 'serverId' | 'name' | 'description' | 'inputSchema' | 'annotations'>;

/** The parts of a tool's definition an approval covers, in a form that compares exactly. */
export function definitionOf(tool: ToolLike): ToolDefinition {
  return {
    description: tool.description,
    inputSchema: canonicalJson(tool.inputSchema),
    annotations: canonicalJson(tool.annotations ?? {}),
  };
}

/**
 * What changed in a tool since the person always allowed it, in words for the approval card;
 * empty when it is unchanged or was never always allowed.
 */
export function changesSinceAllowed(tool: ToolLike, settings: ApprovalSettings): string[] {
  const entry = settings[tool.serverId]?.alwaysAllow.find(
    (allowed) => typeof allowed !== 'string' && allowed.name === tool.name,
  );
  if (!entry || typeof entry === 'string') return [];
  const now = definitionOf(tool);
  const labels: Record<keyof ToolDefinition, string> = {
    description: 'its description',
    inputSchema: 'its inputs',
    annotations: 'what it says about itself (hints)',
  };
  return (Object.keys(labels) as (keyof ToolDefinition)[])
    .filter((part) => entry.definition[part] !== now[part])
    .map((part) => labels[part]);
}

/**
 * Whether a call must wait for the person. It need not when the person always allowed this
 * tool as it is now described, or when they let the server's read-only tools run and the
 * server calls this one read-only without also calling it destructive or open-world. The
 * hints are the server's word, so they count only because the person chose to trust them.
 */
export function needsApproval(tool: ToolLike, settings: ApprovalSettings): boolean {
  const server = settings[tool.serverId];
  const allowed = server?.alwaysAllow.some(
    (entry) =>
      (typeof entry === 'string' ? entry : entry.name) === tool.name &&
      (typeof entry === 'string' || sameDefinition(entry.definition, definitionOf(tool))),
  );
  if (allowed) return false;
  const hints = tool.annotations;
  const readOnly =
    hints?.readOnlyHint === true && hints.destructiveHint !== true && hints.openWorldHint !== true;
  return !(readOnly && server?.readOnlyWithoutAsking);
}

/** Always allows the tool as it is described now (replacing an earlier grant for it). */
export function allowAlways(settings: ApprovalSettings, tool: ToolLike): ApprovalSettings {
  const server = settings[tool.serverId] ?? { readOnlyWithoutAsking: false, alwaysAllow: [] };
  const others = server.alwaysAllow.filter(
    (entry) => (typeof entry === 'string' ? entry : entry.name) !== tool.name,
  );
  return {
    ...settings,
    [tool.serverId]: {
      ...server,
      alwaysAllow: [...others, { name: tool.name, definition: definitionOf(tool) }],
    },
  };
}

/**
 * Storage migration: grants saved as bare names (before definitions were recorded) take the
 * definition of the tool as it is listed now, so later changes ask again. Returns the same
 * object when nothing needed upgrading.
 */
export function recordDefinitions(
  settings: ApprovalSettings,
  tools: readonly ToolLike[],
): ApprovalSettings {
  let changed = false;
  const next: ApprovalSettings = {};
  for (const [serverId, server] of Object.entries(settings)) {
    const alwaysAllow = server.alwaysAllow.map((entry) => {
      if (typeof entry !== 'string') return entry;
      const tool = tools.find(
        (candidate) => candidate.serverId === serverId && candidate.name === entry,
      );
      if (!tool) return entry;
      changed = true;
      return { name: entry, definition: definitionOf(tool) };
    });
    next[serverId] = { ...server, alwaysAllow };
  }
  return changed ? next : settings;
}

export function setReadOnlyWithoutAsking(
  settings: ApprovalSettings,
  serverId: string,
  value: boolean,
): ApprovalSettings {
  const server = settings[serverId] ?? { readOnlyWithoutAsking: false, alwaysAllow: [] };
  return { ...settings, [serverId]: { ...server, readOnlyWithoutAsking: value } };
}

function sameDefinition(a: ToolDefinition, b: ToolDefinition): boolean {
  return (
    a.description === b.description &&
    a.inputSchema === b.inputSchema &&
    a.annotations === b.annotations
  );
}

/** JSON with object keys sorted, so equal values always give equal text. */
function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, item: unknown) =>
    item && typeof item === 'object' && !Array.isArray(item)
      ? Object.fromEntries(
          Object.entries(item as Record<string, unknown>).sort(([a], [b]) => a.localeCompare(b)),
        )
      : item,
  );
}
