/**
 * What a live connection to an MCP server is, for everyone who holds one (connection.ts opens
 * it): its SDK client, transport and era, and what it can do.
 */
import type {
  Client,
  Icon,
  PriorDiscovery,
  ServerCapabilities,
} from '@modelcontextprotocol/client';
import type { Handshake } from './resume-session';

export type TransportKind = 'streamable-http' | 'sse';

/**
 * The protocol era a server speaks, as the SDK's negotiation found it: `modern` (2026-07-28,
 * stateless, with the server's `server/discover` answer) or `legacy` (2025-era `initialize`).
 * Stored per server and handed back to `connect({ prior })`, so a reconnect skips the probe.
 */
export type Era = PriorDiscovery;

export interface Connection {
  readonly client: Client;
  readonly transport: TransportKind;
  /** The era negotiated, to store for the next connection. */
  readonly era: Era;
  /** True when the era came from `options.era` rather than a probe. */
  readonly eraReused: boolean;
  /** True when it went on with a stored session rather than shaking hands. */
  readonly resumed: boolean;
  /** What the 2025-era handshake settled, to store with the session id; none in 2026. */
  readonly handshake: Handshake | undefined;
  /** The protocol version negotiated (a 2026 date, or the 2025-era version `initialize` agreed). */
  readonly protocolVersion: string | undefined;
  /**
   * A cheap round trip that tells whether the server is there: `ping` in the 2025 era;
   * `server/discover` in 2026-07-28, which has no `ping`.
   */
  ping(options?: { timeout?: number }): Promise<void>;
  /**
   * Starts hearing of tool-list changes where the SDK did not already (a 2026 connection that
   * adopted a stored era, a resumed 2025 session's event stream). Called once the requests that
   * waited for the connection are out.
   */
  followChanges(): void;
  /** The Streamable HTTP session id, when the server issued one. */
  readonly sessionId: string | undefined;
  /** Closes the connection; with `terminate`, first ends the server-side session (DELETE). */
  close(options?: { terminate?: boolean }): Promise<void>;
  /** What the server said it offers. */
  readonly capabilities: ServerCapabilities | undefined;
  /** The server's `instructions` for the model, as sent. */
  readonly instructions: string | undefined;
  /** The icons the server gives itself (SEP-973), unchecked. */
  readonly serverIcons: Icon[] | undefined;
  /** Hears of changes to one resource (`resources/subscribe`, or a listen stream in 2026). */
  subscribe(uri: string): Promise<void>;
  unsubscribe(uri: string): Promise<void>;
}
