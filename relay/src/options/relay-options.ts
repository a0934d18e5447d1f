/** What a relay is started with (the command line's flags, cli.ts, map onto these). */
import type { Logger } from '../monitoring/log.js';
import type { Verifier } from '../access/tokens.js';

export interface RelayOptions {
  host: string;
  port: number;
  verifier: Verifier;
  log: Logger;
  allowedOrigins?: string[];
  /** Host names served (default: the loopback names, and the bound address if it names one). */
  allowedHosts?: string[];
  /** Extension ids whose `chrome-extension://` origins are let in (default: any extension's). */
  allowedExtensions?: string[];
  authTimeoutMs?: number;
  heartbeatMs?: number;
  /** Largest frame from a client / from an extension (screenshots are large). */
  maxClientMessageBytes?: number;
  maxExtensionMessageBytes?: number;
  /** Largest frame before a socket authenticated (default 64 KiB). */
  maxUnauthenticatedMessageBytes?: number;
  /** Messages a second a socket may send (twice as many at once). */
  messagesPerSecond?: number;
  /** How often legacy SSE streams get a `ping` event. */
  ssePingMs?: number;
  /** See FrontDoorOptions.anonymousUser: tests only. */
  anonymousUser?: string;
  /** Share browsers with other instances through this Redis. */
  redisUrl?: string;
  /** With Redis: how soon a dead instance is noticed (default 15 s). */
  presenceTtlMs?: number;
  /** With Redis: what instances sign their messages and presence with (required with Redis). */
  redisKey?: string;
  /** Relay-protocol client sockets one user may hold at once (default 32). */
  maxClientSocketsPerUser?: number;
  /** Legacy SSE streams one user may hold at once (default 32). */
  maxSseStreamsPerUser?: number;
  /** HTTP requests a second one user may send (twice as many at once; default 50). */
  httpRequestsPerSecond?: number;
  /** How long requests for a browser that just left wait for it (default 45 s; 0: not at all). */
  browserGraceMs?: number;
  /** Requests one user may have waiting for a browser at once (default 32). */
  maxWaitingPerUser?: number;
  /** Serve `/metrics` (Prometheus text; off by default: see README). */
  metrics?: boolean;
}
