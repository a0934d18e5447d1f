import type {
  OAuthClientInformationContext,
  OAuthClientMetadata,
  OAuthClientProvider,
  OAuthDiscoveryState,
  StoredOAuthClientInformation,
  StoredOAuthTokens,
} from '@modelcontextprotocol/client';
import type { KeyValueStore } from '../platform/ports';
import { patchbayClientMetadata } from './client-metadata';
import { keepKnownMetadata } from './known-metadata';
import { LOOPBACK_REDIRECT_URL } from './loopback-redirect';
import { oauthKeys } from './oauth-keys';
import { PatchbayError } from '../errors/patchbay-error';

/**
 * Tokens as Patchbay stores them: what the SDK saved (stamped with the issuer of the
 * authorization server that issued them), plus when the access token expires.
 */
export type StoredTokens = StoredOAuthTokens & {
  expires_at?: number;
  /** The MCP server URL the tokens were issued for. */
  resource?: string;
};

/** A stored registration, as far as its redirect goes (the SDK's type has it only when full). */
type Registered = { redirect_uris?: string[] };

/** An authorization in progress, persisted so a restarted worker still knows what it asked for. */
export interface PendingAuthorization {
  state: string;
  codeVerifier?: string;
  scope?: string;
  startedAt: number;
}

export interface ExtensionOAuthProviderOptions {
  serverId: string;
  store: KeyValueStore;
  redirectUrl: string;
  /** A client registered by hand, for servers without dynamic client registration. */
  preRegistered?: { clientId: string; clientSecret?: string };
  /** Scopes to ask for when neither a challenge nor the server's metadata names any. */
  defaultScopes?: string[];
  /** The https URL of Patchbay's Client ID Metadata Document, when one is published. */
  clientMetadataUrl?: string;
  /** The MCP server URL tokens are issued for, stamped on them when saved. */
  resource?: string;
  /** Called whenever tokens are saved or cleared, so the in-memory state follows storage. */
  onTokens(tokens: StoredTokens | undefined): void;
  now?: () => number;
}

/**
 * The SDK's `OAuthClientProvider` for the extension, backed by chrome.storage under the spec's
 * keys. `auth()` from the SDK drives discovery, registration, PKCE, token exchange and refresh;
 * this only stores what it produces and captures the authorization URL instead of navigating.
 */
export class ExtensionOAuthProvider implements OAuthClientProvider {
  /** The URL `auth()` asked to open, when it started an authorization. */
  authorizationUrl: URL | undefined;
  /**
   * Set while a new authorization replaces the current grant (a step-up, a sign-in over a
   * refused one): the old refresh token belongs to the old grant and is not carried over.
   */
  replacingGrant = false;
  /** Set by a retried sign-in (sign-in-retries.ts): the scope the server refused is not asked. */
  private omitScope = false;
  /**
   * The SDK sends no `resource` when this hook answers undefined; it is only defined while a
   * retried sign-in leaves `resource` out (an authorization server that refused it). Otherwise
   * the SDK picks and checks the resource itself.
   */
  validateResourceURL: (() => Promise<undefined>) | undefined;
  /** The authorization server takes only the loopback redirect (loopback-redirect.ts). */
  private loopback = false;

  constructor(private readonly options: ExtensionOAuthProviderOptions) {}

  private key(name: keyof typeof oauthKeys): string {
    const key = oauthKeys[name];
    return typeof key === 'function' ? key(this.options.serverId) : key;
  }

  private get pendingKey(): string {
    return oauthKeys.pendingAuthorization(this.options.serverId);
  }

  get redirectUrl(): string {
    return this.loopback ? LOOPBACK_REDIRECT_URL : this.options.redirectUrl;
  }

  /** Registers, and signs in, with the loopback redirect from now on. */
  useLoopback(): void {
    this.loopback = true;
  }

  /**
   * Takes the redirect the stored registration was made with: a client registered with the
   * loopback redirect signs in with it again, one registered with the browser's with that.
   */
  async adoptRegisteredRedirect(): Promise<void> {
    if (this.options.preRegistered) return;
    const stored = await this.options.store.get<Registered>(this.key('client'));
    this.loopback = stored?.redirect_uris?.includes(LOOPBACK_REDIRECT_URL) ?? false;
  }

  get clientMetadata(): OAuthClientMetadata {
    return patchbayClientMetadata({
      redirectUrl: this.redirectUrl,
      ...(this.options.defaultScopes ? { scopes: this.options.defaultScopes } : {}),
    });
  }

  /**
   * Where Patchbay's Client ID Metadata Document is published, when the build was given one:
   * authorization servers that support SEP-991 then take this URL as the client id instead
   * of a registration. A client registered by hand takes precedence.
   */
  get clientMetadataUrl(): string | undefined {
    return this.options.preRegistered ? undefined : this.options.clientMetadataUrl;
  }

  async state(): Promise<string> {
    const bytes = crypto.getRandomValues(new Uint8Array(24));
    const state = btoa(String.fromCharCode(...bytes)).replace(
      /[+/=]/g,
      (char) => ({ '+': '-', '/': '_', '=': '' })[char] ?? '',
    );
    const pending: PendingAuthorization = { state, startedAt: (this.options.now ?? Date.now)() };
    await this.options.store.set({ [this.pendingKey]: pending });
    return state;
  }

  async pending(): Promise<PendingAuthorization | undefined> {
    return this.options.store.get<PendingAuthorization>(this.pendingKey);
  }

  async clearPending(): Promise<void> {
    await this.options.store.remove([this.pendingKey]);
  }

  /**
   * The client registered with the authorization server `context.issuer` names. Credentials
   * are bound to the issuer they were registered with (the SDK stamps it): a server that moved
   * to another authorization server gets a fresh registration, and a client registered by hand
   * is never sent to a server other than the one it was first used with.
   */
  async clientInformation(
    context?: OAuthClientInformationContext,
  ): Promise<StoredOAuthClientInformation | undefined> {
    const { preRegistered } = this.options;
    if (preRegistered) {
      const bound = await this.options.store.get<string>(this.key('preRegisteredIssuer'));
      if (context?.issuer && bound && bound !== context.issuer) {
        throw new PatchbayError(
          'auth-failed',
          `The client id you entered was used with ${bound}; this server now signs in at ${context.issuer}, so Patchbay does not send it there. Edit the server to enter a client registered there.`,
        );
      }
      return {
        client_id: preRegistered.clientId,
        ...(preRegistered.clientSecret ? { client_secret: preRegistered.clientSecret } : {}),
      };
    }
    const stored = await this.options.store.get<StoredOAuthClientInformation>(this.key('client'));
    if (stored?.issuer && context?.issuer && stored.issuer !== context.issuer) return undefined;
    return stored;
  }

  async saveClientInformation(clientInformation: StoredOAuthClientInformation): Promise<void> {
    if (this.options.preRegistered) return; // configured by the person, never overwritten
    // The redirect registered, also where the server's answer leaves it out: later sign-ins
    // ask for the same one (adoptRegisteredRedirect).
    const redirectUris = (clientInformation as Registered).redirect_uris ?? [this.redirectUrl];
    await this.options.store.set({
      [this.key('client')]: { ...clientInformation, redirect_uris: redirectUris },
    });
  }

  /** The stored tokens, unless they were issued by another authorization server than `context`'s. */
  async tokens(context?: OAuthClientInformationContext): Promise<StoredTokens | undefined> {
    const tokens = await this.options.store.get<StoredTokens>(this.key('tokens'));
    if (tokens?.issuer && context?.issuer && tokens.issuer !== context.issuer) return undefined;
    return tokens;
  }

  async saveTokens(
    tokens: StoredOAuthTokens,
    context?: OAuthClientInformationContext,
  ): Promise<void> {
    const now = (this.options.now ?? Date.now)();
    const lifetime = tokenLifetimeSeconds(tokens.expires_in);
    const stored: StoredTokens = {
      ...tokens,
      ...(lifetime !== undefined ? { expires_at: now + lifetime * 1000 } : {}),
      ...(this.options.resource ? { resource: this.options.resource } : {}),
    };
    // Servers may omit a new refresh token on refresh; the old one stays valid then.
    if (!stored.refresh_token) {
      const previous = await this.options.store.get<StoredTokens>(this.key('tokens'));
      if (previous?.refresh_token && !this.replacingGrant)
        stored.refresh_token = previous.refresh_token;
    }
    const pending = await this.pending();
    const granted = (tokens.scope ?? pending?.scope ?? '').split(' ').filter(Boolean);
    await this.options.store.set({
      [this.key('tokens')]: stored,
      [this.key('grantedScopes')]: granted,
      // The first successful sign-in binds a hand-registered client to its issuer.
      ...(this.options.preRegistered && context?.issuer
        ? { [this.key('preRegisteredIssuer')]: await this.boundIssuer(context.issuer) }
        : {}),
    });
    this.options.onTokens(stored);
  }

  private async boundIssuer(issuer: string): Promise<string> {
    return (await this.options.store.get<string>(this.key('preRegisteredIssuer'))) ?? issuer;
  }

  /** What the next authorization leaves out, or puts back (sign-in-retries.ts). */
  omit({ omitScope, omitResource }: { omitScope: boolean; omitResource: boolean }): void {
    this.omitScope = omitScope;
    this.validateResourceURL = omitResource ? () => Promise.resolve(undefined) : undefined;
  }

  async redirectToAuthorization(authorizationUrl: URL): Promise<void> {
    if (this.omitScope) authorizationUrl.searchParams.delete('scope');
    this.authorizationUrl = authorizationUrl;
    const pending = await this.pending();
    const scope = authorizationUrl.searchParams.get('scope') ?? undefined;
    if (pending)
      await this.options.store.set({
        [this.pendingKey]: { ...pending, ...(scope ? { scope } : {}) },
      });
  }

  async saveCodeVerifier(codeVerifier: string): Promise<void> {
    const pending = await this.pending();
    if (!pending)
      throw new PatchbayError(
        'auth-failed',
        'No authorization in progress to attach a PKCE verifier to.',
      );
    await this.options.store.set({ [this.pendingKey]: { ...pending, codeVerifier } });
  }

  async codeVerifier(): Promise<string> {
    const verifier = (await this.pending())?.codeVerifier;
    if (!verifier)
      throw new PatchbayError(
        'auth-failed',
        'The PKCE verifier of this sign-in was lost; start the sign-in again.',
      );
    return verifier;
  }

  async invalidateCredentials(
    scope: 'all' | 'client' | 'tokens' | 'verifier' | 'discovery',
  ): Promise<void> {
    const keys: string[] = [];
    if (scope === 'all' || scope === 'tokens')
      keys.push(this.key('tokens'), this.key('grantedScopes'));
    if ((scope === 'all' || scope === 'client') && !this.options.preRegistered)
      keys.push(this.key('client'));
    if (scope === 'all' || scope === 'discovery') keys.push(this.key('oauthEndpoints'));
    if (scope === 'all' || scope === 'verifier') keys.push(this.pendingKey);
    await this.options.store.remove(keys);
    if (scope === 'all' || scope === 'tokens') this.options.onTokens(undefined);
  }

  async saveDiscoveryState(state: OAuthDiscoveryState): Promise<void> {
    await this.options.store.set({ [this.key('oauthEndpoints')]: keepKnownMetadata(state) });
  }

  async discoveryState(): Promise<OAuthDiscoveryState | undefined> {
    return this.options.store.get<OAuthDiscoveryState>(this.key('oauthEndpoints'));
  }
}

/** A year: longer `expires_in` values are treated as this, so alarm times stay sane. */
const MAX_TOKEN_LIFETIME_SECONDS = 365 * 24 * 60 * 60;

/**
 * The access token's lifetime, from an authorization server's `expires_in`. Zero, negative or
 * non-numeric values say nothing usable: the token is then refreshed when the server refuses it
 * (a 401), never on a timer that would fire again at once. Absurdly long ones are capped.
 */
export function tokenLifetimeSeconds(expiresIn: unknown): number | undefined {
  if (typeof expiresIn !== 'number' || !Number.isFinite(expiresIn) || expiresIn <= 0) {
    return undefined;
  }
  return Math.min(expiresIn, MAX_TOKEN_LIFETIME_SECONDS);
}
