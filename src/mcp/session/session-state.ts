/**
 * A server's live state as the modules around its session read and change it (the spec's
 * ServerState): its config and status, sign-in state, tool cache and live connection. The
 * session (server-session.ts) is the one thing that implements it; its helpers (sign-in,
 * failures, events, the view pages get) depend on this shape, not on the session, so none of
 * them imports the session that imports them.
 */
import type { AuthChallenge } from '../../errors/connection-error';
import type { ServerStatus } from '../../messaging/contract';
import type { AuthSession } from '../../oauth/session';
import type { ServerConfig } from '../catalog';
import type { Connection, TransportKind } from '../connection';
import type { SessionContext } from './context';
import type { ToolCache } from './tool-cache';

export interface SessionState {
  readonly id: string;
  config: ServerConfig;
  readonly context: SessionContext;
  status: ServerStatus;
  isEnabled: boolean;
  /** The server answered 401 without Patchbay holding tokens: it wants a sign-in. */
  authDemanded: boolean;
  /** The authorization server's host while its sign-in window is open. */
  signInHost: string | undefined;
  /** Other sites a sign-in reaches (its authorization servers'), once the server said them. */
  signInSites: string[] | undefined;
  /** The last WWW-Authenticate challenge, to sign in with what the server asked for. */
  lastChallenge: AuthChallenge | undefined;
  readonly toolCache: ToolCache;
  /**
   * Who hears that the server's resource or prompt list changed, over any of its connections:
   * what a part built on the session keeps of them (the skills list, src/skills/skill-cache.ts).
   */
  readonly featureListeners: Set<(kind: 'resources' | 'prompts') => void>;
  transport: TransportKind | undefined;
  auth: AuthSession;
  /** The refresh in flight, shared by everyone who needs a new token meanwhile. */
  refreshing: Promise<boolean> | undefined;
  /** The last refresh could not reach the authorization server; its alarm tries again. */
  renewalUnreachable: boolean;
  samplingEnabled: boolean;
  serverIconDataUrl: string | undefined;
  readonly isConnected: boolean;
  readonly isConnecting: boolean;
  readonly connectedProtocolVersion: string | undefined;
  readonly live: Connection | null;
  readonly connectedTransport: TransportKind | undefined;
  /** Moves to `status` and tells every open page, with the whole server view. */
  setStatus(status: ServerStatus, options?: { announce?: boolean }): void;
  /** Connects in the background, unless a connection is open or opening. */
  startConnecting(): void;
}
