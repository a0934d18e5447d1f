import { z } from 'zod';
import { BROWSER_SERVER_ID } from '../messaging/browser-access-contract';
import type { ToolView } from '../messaging/contract';
import { isMarkedDestructive } from './destructive-call';
import {
  definitionOf,
  sameDefinition,
  toolDefinitionSchema,
  type ToolDefinition,
} from './tool-definition';

export { definitionOf, sameDefinition, toolDefinitionSchema, type ToolDefinition };

/**
 * Where a browser tool's grant holds: origins ("https://example.com"), or {@link NO_PAGE} for a
 * tool that acts on no page (tabs_list). Never an origin, since origins have a scheme.
 */
export const NO_PAGE = 'no-page';

/**
 * One tool always allowed, as it was described then: the chat's grants and external clients'
 * (src/browser-access/clients.ts) are this one format.
 */
export const allowedToolSchema = z.object({
  name: z.string(),
  definition: toolDefinitionSchema,
  /** The browser's tools only: the origins the person always allowed the tool on. */
  origins: z.array(z.string()).optional(),
});
export type AllowedTool = z.infer<typeof allowedToolSchema>;

const serverApprovalsSchema = z.object({
  readOnlyWithoutAsking: z.boolean().default(false),
  alwaysAllow: z.array(z.union([z.string(), allowedToolSchema])).default([]),
});

/**
 * Per server: run tools the server calls read-only without asking, and the tools the person
 * always allows. Entries saved before definitions were recorded are bare names; they are
 * upgraded to the definition seen first afterwards ({@link recordDefinitions}). The browser's
 * grants hold per origin; those saved before that hold on none, so the browser asks again
 * ({@link pinBrowserGrants}).
 */
export const approvalSettingsSchema = z
  .record(z.string(), serverApprovalsSchema)
  .transform((settings) => pinBrowserGrants(settings));
export type ApprovalSettings = z.infer<typeof approvalSettingsSchema>;

export const APPROVALS_STORAGE_KEY = 'chat.approvals';

export type ToolLike = Pick<
  ToolView,
  'serverId' | 'name' | 'description' | 'inputSchema' | 'annotations'
>;

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
 * Where a call of the browser's tools acts or sends: an origin, `null` for a tool that acts on
 * no page, `undefined` when it could not be told (no grant holds there). Other tools ignore it.
 */
export type CallOrigin = string | null | undefined;

const isBrowser = (tool: Pick<ToolLike, 'serverId'>) => tool.serverId === BROWSER_SERVER_ID;
const nameOf = (entry: string | AllowedTool) => (typeof entry === 'string' ? entry : entry.name);

/**
 * Whether the person always allowed this tool as it is now described, and for the browser's
 * tools, on this origin: a page's text can steer a model, so a grant given for one site does
 * not carry to another.
 */
export function isAllowedAlways(
  tool: ToolLike,
  settings: ApprovalSettings,
  origin?: CallOrigin,
): boolean {
  // A tool its server marks destructive asks every time (destructive-call.ts).
  if (isMarkedDestructive(tool)) return false;
  return (settings[tool.serverId]?.alwaysAllow ?? []).some((entry) => {
    if (nameOf(entry) !== tool.name) return false;
    if (isBrowser(tool)) {
      const key = origin === null ? NO_PAGE : origin;
      return (
        typeof entry !== 'string' &&
        key !== undefined &&
        (entry.origins ?? []).includes(key) &&
        sameDefinition(entry.definition, definitionOf(tool))
      );
    }
    return typeof entry === 'string' || sameDefinition(entry.definition, definitionOf(tool));
  });
}

/** The origins a browser tool's grant holds on, whatever its definition; empty without one. */
export function allowedOrigins(tool: ToolLike, settings: ApprovalSettings): string[] | undefined {
  const entry = settings[tool.serverId]?.alwaysAllow.find((each) => nameOf(each) === tool.name);
  if (entry === undefined) return undefined;
  return typeof entry === 'string' ? [] : (entry.origins ?? []);
}

/**
 * The person lets this server's read-only tools run unasked, and the server calls this one
 * read-only without also calling it destructive or open-world. The hints are the server's
 * word, so they count only because the person chose to trust them.
 */
export function isTrustedReadOnly(tool: ToolLike, settings: ApprovalSettings): boolean {
  const hints = tool.annotations;
  const readOnly =
    hints?.readOnlyHint === true && hints.destructiveHint !== true && hints.openWorldHint !== true;
  return readOnly && settings[tool.serverId]?.readOnlyWithoutAsking === true;
}

/**
 * Always allows the tool as it is described now (replacing an earlier grant for it). A browser
 * tool's grant adds `origin` to the origins it holds on, or holds on it alone when the tool's
 * definition changed since.
 */
export function allowAlways(
  settings: ApprovalSettings,
  tool: ToolLike,
  origin?: CallOrigin,
): ApprovalSettings {
  if (isMarkedDestructive(tool)) return settings; // never always allowed (destructive-call.ts)
  const server = settings[tool.serverId] ?? { readOnlyWithoutAsking: false, alwaysAllow: [] };
  const previous = server.alwaysAllow.find((entry) => nameOf(entry) === tool.name);
  const others = server.alwaysAllow.filter((entry) => nameOf(entry) !== tool.name);
  const definition = definitionOf(tool);
  const entry: AllowedTool = { name: tool.name, definition };
  if (isBrowser(tool)) {
    const kept =
      typeof previous === 'object' && sameDefinition(previous.definition, definition)
        ? (previous.origins ?? [])
        : [];
    const key = origin === null ? NO_PAGE : origin;
    entry.origins = key === undefined || kept.includes(key) ? kept : [...kept, key];
  }
  return { ...settings, [tool.serverId]: { ...server, alwaysAllow: [...others, entry] } };
}

/**
 * Storage migration: the browser's grants saved before they were kept per origin hold on no
 * origin, so each browser tool asks again once per site. Returns the same object when nothing
 * needed it.
 */
export function pinBrowserGrants<T extends ApprovalSettingsInput>(settings: T): T {
  const browser = settings[BROWSER_SERVER_ID];
  if (!browser?.alwaysAllow.some((entry) => typeof entry === 'string' || !entry.origins))
    return settings;
  return {
    ...settings,
    [BROWSER_SERVER_ID]: {
      ...browser,
      alwaysAllow: browser.alwaysAllow.map((entry) =>
        typeof entry === 'string' || entry.origins ? entry : { ...entry, origins: [] },
      ),
    },
  };
}
type ApprovalSettingsInput = Record<string, z.infer<typeof serverApprovalsSchema>>;

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
      const upgraded: AllowedTool = { name: entry, definition: definitionOf(tool) };
      if (serverId === BROWSER_SERVER_ID) upgraded.origins = [];
      return upgraded;
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
