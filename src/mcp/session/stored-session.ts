/**
 * What storage keeps of a server's session between workers (`mcp.{serverId}.*`): whether it is
 * on, its switched-off tools, the transport and era found for it, sampling, and a 2025-era
 * session a stopped worker left open, for the next connection to go on with.
 */
import type { Connection, TransportKind } from '../connection';
import { readHandshake, type Handshake } from '../resume-session';
import { storageKeys } from '../storage-keys';
import { readStoredEra, type StoredEra } from './stored-era';

export interface RestoredSession {
  isEnabled: boolean;
  disabledTools: string[];
  transport: TransportKind | undefined;
  era: StoredEra | undefined;
  samplingEnabled: boolean;
  storedSessionId: string | undefined;
  resumable: { sessionId: string; handshake: Handshake } | undefined;
}

/** A server's session as storage has it (a worker may have just started). */
export function restoredSession(id: string, stored: Record<string, unknown>): RestoredSession {
  const disabled = stored[storageKeys.disabledTools(id)];
  const transport = stored[storageKeys.transport(id)];
  const sessionId = stored[storageKeys.sessionId(id)];
  const handshake = readHandshake(stored[storageKeys.handshake(id)]);
  return {
    isEnabled: stored[storageKeys.enabled(id)] === true,
    disabledTools: Array.isArray(disabled)
      ? disabled.filter((name): name is string => typeof name === 'string')
      : [],
    transport: transport === 'streamable-http' || transport === 'sse' ? transport : undefined,
    era: readStoredEra(stored[storageKeys.era(id)]),
    samplingEnabled: stored[storageKeys.sampling(id)] === true,
    storedSessionId: typeof sessionId === 'string' ? sessionId : undefined,
    resumable:
      typeof sessionId === 'string' && sessionId && handshake
        ? { sessionId, handshake }
        : undefined,
  };
}

/** What a session stores about how it connects. */
export interface ConnectionFacts {
  transport: TransportKind | undefined;
  era: StoredEra | undefined;
  sessionId: string | undefined;
}

/** What a session knows now of how it connects. */
export function connectionFacts(session: {
  transport: TransportKind | undefined;
  era: StoredEra | undefined;
  storedSessionId: string | undefined;
}): ConnectionFacts {
  return { transport: session.transport, era: session.era, sessionId: session.storedSessionId };
}

/**
 * The keys to write after a connection opened, only those that changed: a worker starting with
 * many servers has better things to do.
 */
export function changedFacts(
  id: string,
  before: ConnectionFacts,
  after: ConnectionFacts,
  connection: Connection,
): Record<string, unknown> {
  const changed: Record<string, unknown> = {};
  if (before.transport !== after.transport) changed[storageKeys.transport(id)] = after.transport;
  if (JSON.stringify(before.era) !== JSON.stringify(after.era))
    changed[storageKeys.era(id)] = after.era;
  if (before.sessionId !== after.sessionId) {
    changed[storageKeys.sessionId(id)] = after.sessionId;
    changed[storageKeys.handshake(id)] = after.sessionId ? connection.handshake : undefined;
  }
  return changed;
}
