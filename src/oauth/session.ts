import { auth } from '@modelcontextprotocol/client';
import type { Alarms, Identity, KeyValueStore } from '../platform/ports';
import type { FetchLike } from '../net/fetch-like';
import { oauthKeys } from './oauth-keys';
import { issuerStampKeys, issuerStamps } from './issuer-stamps';
import { ExtensionOAuthProvider, type StoredTokens } from './provider';
import { refreshTime, revokeTokens } from './revoke';
import { signIn } from './sign-in';
import { signInRetrying } from './sign-in-retries';
import { blockedSite } from '../errors/blocked-site';

export const REFRESH_ALARM_PREFIX = 'mcp-token-refresh-';

export function refreshAlarmName(serverId: string): string {
  return `${REFRESH_ALARM_PREFIX}${serverId}`;
}

export interface AuthSessionOptions {
  serverId: string;
  serverUrl: string;
  store: KeyValueStore;
  identity: Identity;
  alarms: Alarms;
  /** Fetch for discovery, registration and token requests (no bearer token attached). */
  fetch: FetchLike;
  preRegistered?: { clientId: string; clientSecret?: string };
  defaultScopes?: string[];
  /** The https URL of Patchbay's Client ID Metadata Document, when one is published. */
  clientMetadataUrl?: string;
  /** How long a sign-in window may stay open without an answer. */
  signInTimeoutMs?: number;
  now?: () => number;
}

/** Why a refresh did not produce a usable token. */
export type RefreshOutcome = 'refreshed' | 'no-refresh-token' | 'rejected' | 'unreachable';

/**
 * One server's OAuth state in the background: its tokens, sign-in, refresh (coalesced, and
 * scheduled on a chrome.alarms alarm), scope step-up and sign-out.
 */
export class AuthSession {
  tokens: StoredTokens | undefined;
  /** The site the last refresh could not reach because Chrome had not allowed it. */
  refreshBlockedAt: string | undefined;
  private readonly provider: ExtensionOAuthProvider;
  private refreshing: Promise<RefreshOutcome> | undefined;
  private signingIn: Promise<void> | undefined;

  constructor(private readonly options: AuthSessionOptions) {
    this.provider = new ExtensionOAuthProvider({
      serverId: options.serverId,
      store: options.store,
      redirectUrl: options.identity.redirectUrl(),
      ...(options.preRegistered ? { preRegistered: options.preRegistered } : {}),
      ...(options.defaultScopes ? { defaultScopes: options.defaultScopes } : {}),
      ...(options.clientMetadataUrl ? { clientMetadataUrl: options.clientMetadataUrl } : {}),
      ...(options.now ? { now: options.now } : {}),
      resource: options.serverUrl,
      onTokens: (tokens) => {
        this.tokens = tokens;
      },
    });
  }

  private get now(): number {
    return (this.options.now ?? Date.now)();
  }

  /** Loads stored tokens and re-creates the refresh alarm (alarms may not survive a restart). */
  async load(): Promise<void> {
    await this.restore(
      await this.options.store.getMany(AuthSession.storageKeys(this.options.serverId)),
    );
    await this.scheduleRefresh();
  }

  /** What {@link restore} reads, so a caller can read it for many servers at once. */
  static storageKeys(serverId: string): string[] {
    return issuerStampKeys(serverId);
  }

  /**
   * Takes the tokens from values already read (a worker starting reads every server's at once),
   * stamping sign-ins saved before issuer binding first. Touches storage only for such a
   * migration; the refresh alarm is the caller's to re-create ({@link scheduleRefresh}).
   */
  async restore(stored: Record<string, unknown>): Promise<void> {
    const stamps = issuerStamps(stored, this.options.serverId);
    if (Object.keys(stamps).length) await this.options.store.set(stamps);
    const key = oauthKeys.tokens(this.options.serverId);
    this.tokens = (stamps[key] ?? stored[key]) as StoredTokens | undefined;
  }

  /**
   * The access token for this server, only if it was issued for this server's URL: tokens are
   * stamped with their resource when saved, and one issued for another resource is never
   * attached (tokens saved before the stamp existed carry none and are used as before).
   */
  accessToken(): string | undefined {
    const resource = this.tokens?.resource;
    if (resource !== undefined && resource !== this.options.serverUrl) return undefined;
    return this.tokens?.access_token;
  }

  /** True when the access token is known to have expired. */
  isExpired(): boolean {
    return this.tokens?.expires_at !== undefined && this.tokens.expires_at <= this.now;
  }

  async scheduleRefresh(): Promise<void> {
    const name = refreshAlarmName(this.options.serverId);
    const when = this.tokens ? refreshTime(this.tokens, this.now) : undefined;
    if (when === undefined) await this.options.alarms.clear(name);
    else await this.options.alarms.schedule(name, Math.max(when, this.now + 1000));
  }

  /**
   * Refreshes the access token. Concurrent callers share one request. A refresh the
   * authorization server rejects (`invalid_grant`) clears the tokens: the person signs in again.
   */
  refresh(): Promise<RefreshOutcome> {
    // A sign-in in progress owns the pending authorization; a refresh meanwhile would replace
    // it. Wait for the sign-in instead: its tokens are the fresh ones.
    if (this.signingIn) {
      return this.signingIn.then(
        () => (this.tokens ? 'refreshed' : 'rejected'),
        () => (this.tokens ? 'unreachable' : 'rejected'),
      );
    }
    this.refreshing ??= this.runRefresh().finally(() => {
      this.refreshing = undefined;
    });
    return this.refreshing;
  }

  private async runRefresh(): Promise<RefreshOutcome> {
    if (!this.tokens?.refresh_token) return 'no-refresh-token';
    this.refreshBlockedAt = undefined;
    const before = this.tokens;
    this.provider.authorizationUrl = undefined;
    try {
      const result = await auth(this.provider, {
        serverUrl: this.options.serverUrl,
        fetchFn: this.options.fetch,
      });
      if (result === 'AUTHORIZED' && this.tokens && this.tokens !== before) {
        await this.scheduleRefresh();
        return 'refreshed';
      }
      // auth() went on to prepare a new authorization (nothing opens without the person asking).
      // It invalidates the tokens only when the server rejected the refresh token
      // (invalid_grant); with tokens still here, the server was unreachable or failing.
      if (this.tokens) return 'unreachable';
      await this.clearTokens();
      return 'rejected';
    } catch (error) {
      this.refreshBlockedAt = blockedSite(error);
      return 'unreachable';
    } finally {
      await this.provider.clearPending();
    }
  }

  /** Interactive sign-in; concurrent requests share the one window. */
  signIn(options: {
    scope?: string;
    resourceMetadataUrl?: string;
    stepUp?: boolean;
    onAuthorizing?: (authorizationUrl: URL) => void;
  }): Promise<void> {
    this.signingIn ??= this.runSignIn(options).finally(() => {
      this.signingIn = undefined;
    });
    return this.signingIn;
  }

  private async runSignIn(options: {
    scope?: string;
    resourceMetadataUrl?: string;
    stepUp?: boolean;
    onAuthorizing?: (authorizationUrl: URL) => void;
  }): Promise<void> {
    // A refresh in flight would clear this sign-in's pending state when it ends: let it finish.
    await this.refreshing?.catch(() => undefined);
    // A fresh sign-in re-discovers, in case the server moved to another authorization server.
    if (!options.stepUp) await this.provider.invalidateCredentials('discovery');
    // SDK v2's `forceReauthorization` skips the refresh grant, which cannot widen scopes.
    const replacing = Boolean(options.stepUp) || !this.tokens;
    this.provider.replacingGrant = replacing;
    await this.provider.adoptRegisteredRedirect();
    try {
      await signInRetrying(
        (changes) => {
          this.provider.omit(changes);
          return this.signInOnce({ ...options, forceReauthorization: replacing });
        },
        {
          stepUp: Boolean(options.stepUp),
          ...(this.options.preRegistered
            ? {}
            : {
                registerAgain: () => this.provider.invalidateCredentials('client'),
                registerWithLoopback: () => {
                  this.provider.useLoopback();
                  return this.provider.invalidateCredentials('client');
                },
              }),
        },
      );
    } finally {
      this.provider.replacingGrant = false;
      this.provider.omit({ omitScope: false, omitResource: false });
    }
    await this.scheduleRefresh();
  }

  private signInOnce(options: {
    scope?: string;
    resourceMetadataUrl?: string;
    forceReauthorization: boolean;
    onAuthorizing?: (authorizationUrl: URL) => void;
  }): Promise<void> {
    return signIn({
      provider: this.provider,
      serverUrl: this.options.serverUrl,
      identity: this.options.identity,
      ...(this.options.signInTimeoutMs ? { timeoutMs: this.options.signInTimeoutMs } : {}),
      fetch: this.options.fetch,
      ...(options.scope ? { scope: options.scope } : {}),
      ...(options.resourceMetadataUrl ? { resourceMetadataUrl: options.resourceMetadataUrl } : {}),
      ...(options.onAuthorizing ? { onAuthorizing: options.onAuthorizing } : {}),
      forceReauthorization: options.forceReauthorization,
    });
  }

  async grantedScopes(): Promise<string[]> {
    return (
      (await this.options.store.get<string[]>(oauthKeys.grantedScopes(this.options.serverId))) ?? []
    );
  }

  /** Remembers the scopes a 403 asked for and returns granted ∪ challenged. */
  async addChallengedScopes(scopes: string[]): Promise<string[]> {
    const key = oauthKeys.challengedScopes(this.options.serverId);
    const challenged = [
      ...new Set([...((await this.options.store.get<string[]>(key)) ?? []), ...scopes]),
    ];
    await this.options.store.set({ [key]: challenged });
    return [...new Set([...(await this.grantedScopes()), ...challenged])];
  }

  /** Revokes the tokens where the server supports it, then forgets them. Keeps the client registration. */
  async signOut(): Promise<void> {
    const revoke = await this.forget();
    await revoke();
  }

  /**
   * Forgets the sign-in here first (and, with `registration`, the client registration and
   * discovery too), then returns what revokes the old tokens at the authorization server, best
   * effort. In that order, a worker stopped half way has nothing left to leak.
   */
  async forget({ registration = false }: { registration?: boolean } = {}): Promise<
    () => Promise<void>
  > {
    const tokens = this.tokens;
    const discovery = tokens ? await this.provider.discoveryState() : undefined;
    const client = tokens
      ? await this.provider.clientInformation().catch(() => undefined)
      : undefined;
    await this.clearTokens();
    const { serverId } = this.options;
    await this.options.store.remove([
      oauthKeys.challengedScopes(serverId),
      oauthKeys.pendingAuthorization(serverId),
      ...(registration
        ? [
            oauthKeys.client(serverId),
            oauthKeys.oauthEndpoints(serverId),
            oauthKeys.preRegisteredIssuer(serverId),
          ]
        : []),
    ]);
    return async () => {
      if (!tokens) return;
      await revokeTokens({ discovery, client, tokens, fetch: this.options.fetch }).catch(
        () => false,
      );
    };
  }

  private async clearTokens(): Promise<void> {
    await this.provider.invalidateCredentials('tokens');
    this.tokens = undefined;
    await this.options.alarms.clear(refreshAlarmName(this.options.serverId));
  }
}
