import type {
  Client,
  Implementation,
  ServerCapabilities,
  StreamableHTTPClientTransport,
} from '@modelcontextprotocol/client';

/**
 * What a 2025-era `initialize` handshake settled, stored beside the session id
 * (`mcp.{serverId}.sessionId`) so a worker that Chrome stopped can go on with the same
 * Streamable HTTP session instead of shaking hands again.
 */
export interface Handshake {
  protocolVersion: string;
  capabilities: ServerCapabilities;
  serverInfo: Implementation;
  instructions?: string;
}

/** The handshake of a live 2025-era connection, to store; undefined in the 2026 era. */
export function handshakeOf(client: Client): Handshake | undefined {
  const protocolVersion = client.getNegotiatedProtocolVersion();
  const capabilities = client.getServerCapabilities();
  const serverInfo = client.getServerVersion();
  if (client.getProtocolEra() !== 'legacy' || !protocolVersion || !capabilities || !serverInfo) {
    return undefined;
  }
  const instructions = client.getInstructions();
  return { protocolVersion, capabilities, serverInfo, ...(instructions ? { instructions } : {}) };
}

/** Reads a stored handshake, ignoring anything that is not one (storage is untrusted). */
export function readHandshake(value: unknown): Handshake | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const { protocolVersion, capabilities, serverInfo, instructions } = value as Record<
    string,
    unknown
  >;
  if (typeof protocolVersion !== 'string' || !isRecord(capabilities) || !isRecord(serverInfo))
    return undefined;
  if (typeof serverInfo.name !== 'string' || typeof serverInfo.version !== 'string')
    return undefined;
  return {
    protocolVersion,
    capabilities: capabilities as ServerCapabilities,
    serverInfo: serverInfo as unknown as Implementation,
    ...(typeof instructions === 'string' ? { instructions } : {}),
  };
}

/** The parts of SDK v2's Client (2.4) that `initialize` fills in; all private there. */
interface ClientInternals {
  _serverCapabilities?: ServerCapabilities;
  _serverVersion?: Implementation;
  _instructions?: string;
  _negotiatedProtocolVersion?: string;
  _listChangedConfig?: unknown;
  _cache: { setServerIdentity(identity: string): void };
  _setupListChangedHandlers(config: unknown): void;
}

/**
 * Gives a new Client the state of a session it did not open itself. Where SDK v2 falls short:
 * `connect()` on a transport created with a `sessionId` skips `initialize` (its own reconnect
 * path), but that path expects the same Client instance, still holding what `initialize`
 * returned. A worker Chrome stopped has a new Client, without the server's capabilities (its
 * `listTools` then answers an empty list), identity, instructions or list-changed handlers.
 * This restores them from the stored handshake, as the C# SDK's ResumeClientSessionOptions
 * does; {@link reopenEventStream} then reopens the session's event stream. Integration tests
 * (`resumes a 2025 session …`) fail if an SDK update moves these fields.
 */
export function adoptHandshake(
  client: Client,
  transport: StreamableHTTPClientTransport,
  handshake: Handshake,
): void {
  const internals = client as unknown as ClientInternals;
  internals._serverCapabilities = handshake.capabilities;
  internals._serverVersion = handshake.serverInfo;
  internals._instructions = handshake.instructions;
  internals._negotiatedProtocolVersion = handshake.protocolVersion;
  internals._cache.setServerIdentity(
    `${handshake.serverInfo.name}@${handshake.serverInfo.version}`,
  );
  transport.setProtocolVersion(handshake.protocolVersion);
  if (internals._listChangedConfig)
    internals._setupListChangedHandlers(internals._listChangedConfig);
}

/**
 * Opens the standalone GET stream the SDK opens after `notifications/initialized`, for a resumed
 * session (the connection's `followChanges`, once the calls that woke the worker went first); a
 * server without one answers 405, which the connection's error handler treats as harmless.
 */
export function reopenEventStream(transport: StreamableHTTPClientTransport): void {
  void transport.resumeStream('').catch((error: unknown) => transport.onerror?.(error as Error));
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
