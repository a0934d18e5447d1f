import { z } from 'zod';
import type { ToolView } from '../messaging/contract';

/** Per server: run read-only tools without asking, and tools the person always allows. */
export const approvalSettingsSchema = z.record(
  z.string(),
  z.object({
    readOnlyWithoutAsking: z.boolean().default(false),
    alwaysAllow: z.array(z.string()).default([]),
  }),
);
export type ApprovalSettings = z.infer<typeof approvalSettingsSchema>;

export const APPROVALS_STORAGE_KEY = 'chat.approvals';

/**
 * Whether a call must wait for the person: every tool not annotated read-only asks, unless it
 * was always allowed; read-only tools ask too unless the server's switch says not to.
 */
export function needsApproval(
  tool: Pick<ToolView, 'serverId' | 'name' | 'annotations'>,
  settings: ApprovalSettings,
): boolean {
  const server = settings[tool.serverId];
  if (server?.alwaysAllow.includes(tool.name)) return false;
  if (tool.annotations?.readOnlyHint === true && server?.readOnlyWithoutAsking) return false;
  return true;
}

export function allowAlways(
  settings: ApprovalSettings,
  serverId: string,
  toolName: string,
): ApprovalSettings {
  const server = settings[serverId] ?? { readOnlyWithoutAsking: false, alwaysAllow: [] };
  if (server.alwaysAllow.includes(toolName)) return settings;
  return { ...settings, [serverId]: { ...server, alwaysAllow: [...server.alwaysAllow, toolName] } };
}

export function setReadOnlyWithoutAsking(
  settings: ApprovalSettings,
  serverId: string,
  value: boolean,
): ApprovalSettings {
  const server = settings[serverId] ?? { readOnlyWithoutAsking: false, alwaysAllow: [] };
  return { ...settings, [serverId]: { ...server, readOnlyWithoutAsking: value } };
}
