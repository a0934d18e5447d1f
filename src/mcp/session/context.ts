import type { HostAccess } from '../../permissions/host-access';
import type {
  Alarms,
  Broadcaster,
  Identity,
  KeepAlive,
  KeyValueStore,
  OwnRequestOrigins,
} from '../../platform/ports';
import type { AskBroker } from '../asks/ask-broker';
import type { IconResolver } from '../icons';
import type { RetryPolicy } from '../retry';
import type { FetchLike } from '../../net/fetch-like';

/** What every server session shares: the host's ports and the connection settings. */
export interface SessionContext {
  store: KeyValueStore;
  broadcaster: Broadcaster;
  keepAlive: KeepAlive;
  identity: Identity;
  alarms: Alarms;
  retryPolicy: RetryPolicy;
  /** What servers wait on the person for (elicitation, sampling). */
  asks: AskBroker;
  /** Fetches and checks the icons servers name. */
  icons: IconResolver;
  /** Replaces `fetch` for every request to servers and authorization servers (tests). */
  fetch?: FetchLike;
  /** The hosts Patchbay's requests go to without Origin, kept to the servers' (Chrome only). */
  origins?: OwnRequestOrigins;
  /** The sites Chrome lets Patchbay reach; every site when absent (Node, tests). */
  hostAccess?: HostAccess;
  connectTimeoutMs?: number;
  /** How long a sign-in window may stay open without an answer (tests shorten it). */
  signInTimeoutMs?: number;
  /** The https URL of Patchbay's Client ID Metadata Document, when the build publishes one. */
  clientMetadataUrl?: string;
  toolTimeoutMs?: number;
  /** The most a tool call may take in all, progress or not (tests shorten it). */
  toolDeadlineMs?: number;
}
