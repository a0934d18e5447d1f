/**
 * The external MCP clients this browser has met, and what the person allows each: a new client
 * waits to be let in; then ask each time, read-only tools, everything, or blocked. A client is
 * its relay token (named by the relay, never the token itself): the name it gives (MCP
 * `clientInfo`) is its own word, so it labels the client but never decides what it may do, and
 * another name on the same token is the same client. New clients live in memory until the
 * person decides about them, so a client making up names cannot crowd out the person's
 * decisions, which are kept in storage and never dropped to make room.
 */
import { z } from 'zod';
import { notFound } from '../errors/patchbay-error';
import type { ClientPolicy, ClientView } from '../messaging/browser-access-contract';
import { CLIENT_POLICIES } from '../messaging/browser-access-contract';
import type { KeyValueStore } from '../platform/ports';
import {
  allowedToolSchema,
  sameDefinition,
  toolDefinitionSchema,
  type AllowedTool,
  type ToolDefinition,
} from '../policy/grants';
import { BROWSER_ACCESS_CLIENTS_KEY } from './settings';

/** New clients kept at once (in memory); the longest unseen go first. */
const MAX_NEW_CLIENTS = 50;
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
const clientSchema = z.object({
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
const clientsSchema = z.array(z.unknown()).catch([]);

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
export const tokenHintOf = (tokenId: string): string => tokenId.slice(0, 8);

/** A stable id for a user's token: 16 hex digits of SHA-256. */
async function clientIdOf(identity: Pick<ClientIdentity, 'user' | 'token'>): Promise<string> {
  const bytes = new TextEncoder().encode(`${identity.user}\n${identity.token}`);
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', bytes));
  return `c${[...digest.slice(0, 8)].map((byte) => byte.toString(16).padStart(2, '0')).join('')}`;
}

export function createClientRegistry(store: KeyValueStore, now: () => number = Date.now) {
  let decided: Promise<ClientRecord[]> | undefined;
  const fresh = new Map<string, ClientRecord>();
  const connected = new Map<string, number>();

  const load = () =>
    (decided ??= store.get(BROWSER_ACCESS_CLIENTS_KEY).then((stored) =>
      clientsSchema.parse(stored ?? []).flatMap((entry) => {
        const parsed = clientSchema.safeParse(entry);
        return parsed.success && parsed.data.policy !== 'new' ? [parsed.data] : [];
      }),
    ));
  const save = async (list: ClientRecord[]) => {
    decided = Promise.resolve(list);
    await store.set({ [BROWSER_ACCESS_CLIENTS_KEY]: list });
  };
  const lookup = async (clientId: string) =>
    (await load()).find((client) => client.id === clientId) ?? fresh.get(clientId);
  /** The client made a decided one (moved to storage when it was new). */
  const decide = async (clientId: string, change: (record: ClientRecord) => void) => {
    const list = await load();
    const record = list.find((client) => client.id === clientId) ?? fresh.get(clientId);
    if (!record) throw notFound('Patchbay does not know that client; it may have been forgotten.');
    change(record);
    if (fresh.delete(clientId)) list.push(record);
    await save(list);
  };

  return {
    /** The client behind an identity, remembered (as new, in memory) the first time. */
    async identify(identity: ClientIdentity): Promise<ClientRecord> {
      const id = await clientIdOf(identity);
      const seen = now();
      const known = await lookup(id);
      if (!known) {
        const record: ClientRecord = {
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
        fresh.set(id, record);
        if (fresh.size > MAX_NEW_CLIENTS) {
          const oldest = [...fresh.values()].sort((a, b) => a.lastSeen - b.lastSeen)[0]!;
          fresh.delete(oldest.id);
        }
        return record;
      }
      const renamed = identity.name !== known.name && !known.otherNames.includes(identity.name);
      if (renamed)
        known.otherNames = [identity.name, ...known.otherNames].slice(0, MAX_OTHER_NAMES);
      const stale = seen - known.lastSeen > 60_000;
      known.lastSeen = seen;
      // Clients saved before the hint was the start of the token's id get it now.
      const rehinted = known.tokenHint !== tokenHintOf(identity.token);
      if (rehinted) known.tokenHint = tokenHintOf(identity.token);
      if (identity.version !== undefined) known.version = identity.version;
      if ((renamed || stale || rehinted) && known.policy !== 'new') await save(await load());
      return known;
    },
    get: lookup,
    /** Whether the person blocked the client with this token (read only: nothing is noted). */
    async blocked(tag: Pick<ClientIdentity, 'user' | 'token'>): Promise<boolean> {
      return (await lookup(await clientIdOf(tag)))?.policy === 'blocked';
    },
    async setPolicy(clientId: string, policy: Exclude<ClientPolicy, 'new'>): Promise<void> {
      await decide(clientId, (record) => {
        record.policy = policy;
      });
    },
    /**
     * Always allows the tool as `definition` describes it (and lets a new client in); with an
     * origin (a browser tool's), on that origin besides those it already held on as described.
     */
    async allowAlways(
      clientId: string,
      tool: string,
      definition: ToolDefinition,
      origin?: string,
    ): Promise<void> {
      await decide(clientId, (record) => {
        if (record.policy === 'new') record.policy = 'ask';
        const earlier = record.alwaysAllow.find(
          (entry) => entry.name === tool && sameDefinition(entry.definition, definition),
        );
        const entry: AllowedTool =
          origin === undefined
            ? { name: tool, definition }
            : {
                name: tool,
                definition,
                origins: [...new Set([...(earlier?.origins ?? []), origin])],
              };
        record.alwaysAllow = [...record.alwaysAllow.filter((each) => each.name !== tool), entry];
      });
    },
    async forget(clientId: string): Promise<void> {
      if (fresh.delete(clientId)) return;
      const list = await load();
      if (!list.some((client) => client.id === clientId))
        throw notFound('Patchbay does not know that client; it may have been forgotten.');
      await save(list.filter((client) => client.id !== clientId));
    },
    /** Counts a connection of the client; call the returned function when it ends. */
    opened(clientId: string): () => void {
      connected.set(clientId, (connected.get(clientId) ?? 0) + 1);
      let done = false;
      return () => {
        if (done) return;
        done = true;
        const left = (connected.get(clientId) ?? 1) - 1;
        if (left > 0) connected.set(clientId, left);
        else connected.delete(clientId);
      };
    },
    async views(): Promise<ClientView[]> {
      return [...(await load()), ...fresh.values()]
        .sort((a, b) => b.lastSeen - a.lastSeen)
        .map((record) => ({
          ...record,
          alwaysAllow: record.alwaysAllow.map((entry) => entry.name),
          connected: connected.get(record.id) ?? 0,
        }));
    },
  };
}

export type ClientRegistry = ReturnType<typeof createClientRegistry>;
