/**
 * One external client as Patchbay keeps it: who it is (its relay token, named by the relay,
 * and the name it gives itself), what the person allows it, and when it was seen. The stored
 * format, read leniently, and how a record changes as the client is seen again or allowed a
 * tool always.
 */
import { z } from 'zod';
import { CLIENT_POLICIES } from '../messaging/browser-access-contract';
import {
  allowedToolSchema,
  sameDefinition,
  toolDefinitionSchema,
  type AllowedTool,
  type ToolDefinition,
} from '../policy/grants';

/** Other names a client gave, kept to show the person. */
const MAX_OTHER_NAMES = 5;

/**
 * A tool always allowed, as it was described then, in the chat's format (src/policy/grants.ts);
 * a browser tool's grant holds only on the origins it was given on (`origins`), and one saved
 * before grants had origins holds on none, so it asks again once per site. Records saved before
 * the two shared one format kept the definition as its JSON text: read as the object it stands
 * for (and written so at the next save); one that does not read is dropped, and the tool asks
 * again.
 */
const storedAllowedToolSchema = allowedToolSchema.extend({
  definition: z.union([
    toolDefinitionSchema,
    z.string().transform((text, context) => {
      const parsed = toolDefinitionSchema.safeParse(parseJson(text));
      if (!parsed.success) {
        context.addIssue({ code: 'custom', message: 'Not a tool definition.' });
        return z.NEVER;
      }
      return parsed.data;
    }),
  ]),
});
const allowedToolsSchema = z
  .array(z.unknown())
  .default([])
  .transform((entries) =>
    entries.flatMap((entry) => {
      const parsed = storedAllowedToolSchema.safeParse(entry);
      return parsed.success ? [parsed.data] : [];
    }),
  );

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
export const clientSchema = z.object({
  id: z.string(),
  name: z.string(),
  otherNames: z.array(z.string()).default([]),
  version: z.string().optional(),
  user: z.string(),
  tokenHint: z.string().default(''),
  policy: z.enum(CLIENT_POLICIES),
  /** Tools always allowed, each as it was described when the person allowed it. */
  alwaysAllow: allowedToolsSchema,
  firstSeen: z.number(),
  lastSeen: z.number(),
});
export type ClientRecord = z.infer<typeof clientSchema>;

/** Who a connection says it is: the relay's word for the token, the client's for its name. */
export interface ClientIdentity {
  user: string;
  token: string;
  name: string;
  version?: string;
}

/**
 * How the person tells tokens apart: the first 8 characters of the token's id (the relay's
 * `jti`, never the token), shown with the client's own name on its approval cards and in the
 * client list, so a new client cannot pass for another by taking its name.
 */
const tokenHintOf = (tokenId: string): string => tokenId.slice(0, 8);

/** A stable id for a user's token: 16 hex digits of SHA-256. */
export async function clientIdOf(
  identity: Pick<ClientIdentity, 'user' | 'token'>,
): Promise<string> {
  const bytes = new TextEncoder().encode(`${identity.user}\n${identity.token}`);
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', bytes));
  return `c${[...digest.slice(0, 8)].map((byte) => byte.toString(16).padStart(2, '0')).join('')}`;
}

/** A client seen for the first time: new, allowed nothing yet. */
export function newClientRecord(id: string, identity: ClientIdentity, seen: number): ClientRecord {
  return {
    id,
    name: identity.name,
    otherNames: [],
    user: identity.user,
    tokenHint: tokenHintOf(identity.token),
    policy: 'new',
    alwaysAllow: [],
    firstSeen: seen,
    lastSeen: seen,
    ...(identity.version !== undefined && { version: identity.version }),
  };
}

/**
 * Notes that a known client was seen again, under the name and version it gives now; true
 * when the change is worth saving (another name, a hint to update, or a minute since it was
 * last seen).
 */
export function noteSighting(known: ClientRecord, identity: ClientIdentity, seen: number): boolean {
  const renamed = identity.name !== known.name && !known.otherNames.includes(identity.name);
  if (renamed) known.otherNames = [identity.name, ...known.otherNames].slice(0, MAX_OTHER_NAMES);
  const stale = seen - known.lastSeen > 60_000;
  known.lastSeen = seen;
  // Clients saved before the hint was the start of the token's id get it now.
  const rehinted = known.tokenHint !== tokenHintOf(identity.token);
  if (rehinted) known.tokenHint = tokenHintOf(identity.token);
  if (identity.version !== undefined) known.version = identity.version;
  return renamed || stale || rehinted;
}

/**
 * Allows the tool always as `definition` describes it (and lets a new client in); with an
 * origin (a browser tool's), on that origin besides those it already held on as described.
 */
export function allowTool(
  record: ClientRecord,
  tool: string,
  definition: ToolDefinition,
  origin: string | undefined,
): void {
  if (record.policy === 'new') record.policy = 'ask';
  const earlier = record.alwaysAllow.find(
    (entry) => entry.name === tool && sameDefinition(entry.definition, definition),
  );
  const entry: AllowedTool =
    origin === undefined
      ? { name: tool, definition }
      : { name: tool, definition, origins: [...new Set([...(earlier?.origins ?? []), origin])] };
  record.alwaysAllow = [...record.alwaysAllow.filter((each) => each.name !== tool), entry];
}
