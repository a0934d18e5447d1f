/**
 * The external MCP clients this browser has met, told apart by the relay token they came with
 * (named by the relay, never the token itself) and the name they give (MCP `clientInfo`), and
 * what the person allows each: a new client waits to be let in; then ask each time, read-only
 * tools, everything, or blocked. Connections are counted while the worker lives.
 */
import { z } from 'zod';
import { notFound } from '../errors/patchbay-error';
import type { ClientPolicy, ClientView } from '../messaging/browser-access-contract';
import { CLIENT_POLICIES } from '../messaging/browser-access-contract';
import type { KeyValueStore } from '../platform/ports';
import { BROWSER_ACCESS_CLIENTS_KEY } from './settings';

/** At most this many clients are remembered; the longest unseen go first. */
const MAX_CLIENTS = 100;

const clientSchema = z.object({
  id: z.string(),
  name: z.string(),
  version: z.string().optional(),
  user: z.string(),
  policy: z.enum(CLIENT_POLICIES),
  alwaysAllow: z.array(z.string()).default([]),
  firstSeen: z.number(),
  lastSeen: z.number(),
});
type ClientRecord = z.infer<typeof clientSchema>;
const clientsSchema = z.array(z.unknown()).catch([]);

/** Who a connection says it is: the relay's word for the token, the client's for its name. */
export interface ClientIdentity {
  user: string;
  token: string;
  name: string;
  version?: string;
}

/** A stable id for a token and a name: 16 hex digits of their SHA-256. */
async function clientIdOf(identity: ClientIdentity): Promise<string> {
  const bytes = new TextEncoder().encode(`${identity.user}\n${identity.token}\n${identity.name}`);
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', bytes));
  return `c${[...digest.slice(0, 8)].map((byte) => byte.toString(16).padStart(2, '0')).join('')}`;
}

export function createClientRegistry(store: KeyValueStore, now: () => number = Date.now) {
  let records: Promise<ClientRecord[]> | undefined;
  const connected = new Map<string, number>();

  const load = () =>
    (records ??= store.get(BROWSER_ACCESS_CLIENTS_KEY).then((stored) =>
      clientsSchema.parse(stored ?? []).flatMap((entry) => {
        const parsed = clientSchema.safeParse(entry);
        return parsed.success ? [parsed.data] : [];
      }),
    ));
  const save = async (list: ClientRecord[]) => {
    list.sort((a, b) => b.lastSeen - a.lastSeen);
    list.splice(MAX_CLIENTS);
    records = Promise.resolve(list);
    await store.set({ [BROWSER_ACCESS_CLIENTS_KEY]: list });
  };
  const find = async (clientId: string) => {
    const list = await load();
    const record = list.find((client) => client.id === clientId);
    if (!record) throw notFound('Patchbay does not know that client; it may have been forgotten.');
    return { list, record };
  };

  return {
    /** The client behind an identity, remembered (as new) the first time it is seen. */
    async identify(identity: ClientIdentity): Promise<ClientRecord> {
      const id = await clientIdOf(identity);
      const list = await load();
      let record = list.find((client) => client.id === id);
      const seen = now();
      if (!record) {
        record = {
          id,
          name: identity.name,
          user: identity.user,
          policy: 'new',
          alwaysAllow: [],
          firstSeen: seen,
          lastSeen: seen,
          ...(identity.version !== undefined && { version: identity.version }),
        };
        list.push(record);
        await save(list);
      } else if (seen - record.lastSeen > 60_000 || record.version !== identity.version) {
        record.lastSeen = seen;
        if (identity.version !== undefined) record.version = identity.version;
        await save(list);
      }
      return record;
    },
    async get(clientId: string): Promise<ClientRecord | undefined> {
      return (await load()).find((client) => client.id === clientId);
    },
    async setPolicy(clientId: string, policy: Exclude<ClientPolicy, 'new'>): Promise<void> {
      const { list, record } = await find(clientId);
      record.policy = policy;
      await save(list);
    },
    async allowAlways(clientId: string, tool: string): Promise<void> {
      const { list, record } = await find(clientId);
      if (record.policy === 'new') record.policy = 'ask';
      if (!record.alwaysAllow.includes(tool)) record.alwaysAllow.push(tool);
      await save(list);
    },
    async forget(clientId: string): Promise<void> {
      const { list } = await find(clientId);
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
      return (await load()).map((record) => ({
        ...record,
        connected: connected.get(record.id) ?? 0,
      }));
    },
  };
}

export type ClientRegistry = ReturnType<typeof createClientRegistry>;
