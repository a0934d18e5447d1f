/** What the MCP manager is made with: the platform's ports, and what tests shorten. */
import type { HostAccess } from '../permissions/host-access';
import type {
  Alarms,
  Attention,
  Broadcaster,
  Identity,
  KeepAlive,
  KeyValueStore,
  Notifier,
  OwnRequestOrigins,
} from '../platform/ports';
import type { ServerConfig } from './catalog';
import type { RetryPolicy } from './retry';
import type { FetchLike } from '../net/fetch-like';

export interface McpManagerOptions {
  store: KeyValueStore;
  broadcaster: Broadcaster;
  keepAlive: KeepAlive;
  identity: Identity;
  alarms: Alarms;
  fetch?: FetchLike;
  /** Leaves Origin out of requests to servers that refuse Patchbay's (Chrome); none in Node. */
  origins?: OwnRequestOrigins;
  catalog?: readonly ServerConfig[];
  retryPolicy?: RetryPolicy;
  connectTimeoutMs?: number;
  toolTimeoutMs?: number;
  /** The most a tool call may take in all, progress or not (tests shorten it). */
  toolDeadlineMs?: number;
  /** How long a sign-in window may stay open without an answer (tests shorten it). */
  signInTimeoutMs?: number;
  /** The https URL of Patchbay's Client ID Metadata Document, when the build publishes one. */
  clientMetadataUrl?: string;
  /** How long a server's question waits for the person (tests shorten it). */
  askTimeoutMs?: number;
  /** Shows that server questions wait (the toolbar badge). */
  attention?: Attention;
  /** The sites Chrome lets Patchbay reach; all of them when not given (Node, tests). */
  hostAccess?: HostAccess;
  /** The badge for tasks that ended while no panel was open, and whether one is open now. */
  taskAttention?: Attention;
  panelOpen?: () => boolean;
  /** Notifications of tasks that ended while no panel was open, where the person allows them. */
  taskNotifier?: Notifier;
}
