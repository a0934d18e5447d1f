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
import type { KeyValueStore } from '../platform/ports';
import type { ToolDefinition } from '../policy/grants';
import {
  allowTool,
  clientIdOf,
  clientSchema,
  newClientRecord,
  noteSighting,
  type ClientIdentity,
  type ClientRecord,
} from './client-record';
import { createConnectionCounts } from './connection-counts';
import { BROWSER_ACCESS_CLIENTS_KEY } from './settings';

/** New clients kept at once (in memory); the longest unseen go first. */
const MAX_NEW_CLIENTS = 50;
const clientsSchema = z.array(z.unknown()).catch([]);
const forgotten = () => notFound('Patchbay does not know that client; it may have been forgotten.');

export function createClientRegistry(store: KeyValueStore, now: () => number = Date.now) {
  let decided: Promise<ClientRecord[]> | undefined;
  const fresh = new Map<string, ClientRecord>();
  const connections = createConnectionCounts();

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
    if (!record) throw forgotten();
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
        const record = newClientRecord(id, identity, seen);
        fresh.set(id, record);
        if (fresh.size > MAX_NEW_CLIENTS) {
          const oldest = [...fresh.values()].sort((a, b) => a.lastSeen - b.lastSeen)[0]!;
          fresh.delete(oldest.id);
        }
        return record;
      }
      if (noteSighting(known, identity, seen) && known.policy !== 'new') await save(await load());
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
      await decide(clientId, (record) => allowTool(record, tool, definition, origin));
    },
    async forget(clientId: string): Promise<void> {
      if (fresh.delete(clientId)) return;
      const list = await load();
      if (!list.some((client) => client.id === clientId)) throw forgotten();
      await save(list.filter((client) => client.id !== clientId));
    },
    /** Counts a connection of the client; call the returned function when it ends. */
    opened: connections.opened,
    async views(): Promise<ClientView[]> {
      return [...(await load()), ...fresh.values()]
        .sort((a, b) => b.lastSeen - a.lastSeen)
        .map((record) => ({
          ...record,
          alwaysAllow: record.alwaysAllow.map((entry) => entry.name),
          connected: connections.of(record.id),
        }));
    },
  };
}

export type ClientRegistry = ReturnType<typeof createClientRegistry>;
