/**
 * Access tokens: JWTs verified with `jose`. Self-hosted relays sign and verify with one secret
 * (HS256); hosted deployments verify against a JWKS URL. A token names its user (`sub`), has an
 * id (`jti`) and a role (`role`: `browser` for the extension's `/extension` socket, `client` for
 * MCP clients at `/mcp`, `/sse`, `/message` and `/tools`); rotating the secret revokes every
 * token, and a deny list revokes single tokens (by `jti`) or a whole user (`user:<name>`).
 * Tokens without a role (issued before roles, or by an identity provider that sets none) are
 * refused, unless the relay is started with `--accept-legacy-tokens` (never with a JWKS): then
 * they open either door, with a warning in the log. A browser token must have an id (`jti`):
 * the browser's id is derived from it. Sessions are bound to the token's id; a token without
 * one binds its sessions to itself (a hash of the token), never to its user, so another token
 * of the same user cannot take a session over.
 */
import { createHash, randomUUID } from 'node:crypto';
import { readFileSync, unwatchFile, watchFile } from 'node:fs';
import {
  SignJWT,
  createRemoteJWKSet,
  errors,
  jwtVerify,
  type JWTPayload,
  type JWTVerifyGetKey,
} from 'jose';
import type { Logger } from '../monitoring/log.js';

export const ISSUER = 'patchbay-relay';

/** What a token may open: the browser's socket, or a client's connection. */
export type Role = 'browser' | 'client';
export const ROLES: readonly Role[] = ['browser', 'client'];

export interface TokenClaims {
  user: string;
  /** The token's `jti`; without one, a hash of the token itself (never its user). */
  tokenId: string;
  /** Absent on a token without a role (accepted only with `--accept-legacy-tokens`). */
  role?: Role;
  /** When the token expires (ms since the epoch); sessions opened with it end then. */
  expiresAt?: number;
}

export class TokenError extends Error {
  override name = 'TokenError';
}

export async function issueToken(options: {
  user: string;
  secret: string;
  /** What it opens: `browser` (the extension) or `client` (MCP clients). */
  role: Role;
  /** A duration jose understands ("12h", "30d"); 30 days when absent. */
  ttl?: string;
}): Promise<string> {
  if (!options.user.trim()) throw new TokenError('A token needs a user name (--user).');
  if (options.secret.length < 16) throw new TokenError('The secret must be 16 characters or more.');
  if (!ROLES.includes(options.role))
    throw new TokenError("A token's role is browser or client (--role).");
  return new SignJWT({ role: options.role })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(options.user)
    .setIssuer(ISSUER)
    .setJti(randomUUID())
    .setIssuedAt()
    .setExpirationTime(options.ttl ?? '30d')
    .sign(new TextEncoder().encode(options.secret));
}

/** Token ids and users refused even with a valid signature, from a file (one per line). */
export class DenyList {
  #entries = new Set<string>();
  #listeners = new Set<() => void>();

  constructor(private readonly file?: string) {
    if (!file) return;
    this.#load();
    watchFile(file, { interval: 1_000 }, () => {
      this.#load();
      for (const listener of this.#listeners) listener();
    });
  }

  #load() {
    try {
      const lines = readFileSync(this.file!, 'utf8').split('\n');
      this.#entries = new Set(
        lines.map((line) => line.trim()).filter((line) => line && !line.startsWith('#')),
      );
    } catch {
      // A missing file denies nothing (it may be created later).
      this.#entries = new Set();
    }
  }

  denies(claims: TokenClaims): boolean {
    return this.#entries.has(claims.tokenId) || this.#entries.has(`user:${claims.user}`);
  }

  /** Called after the file changed. */
  onChange(listener: () => void): void {
    this.#listeners.add(listener);
  }

  close(): void {
    if (this.file) unwatchFile(this.file);
  }
}

export interface Verifier {
  /** The token's claims, if it is valid, not revoked, and meant for `role`'s door. */
  verify(token: unknown, role: Role): Promise<TokenClaims>;
  denyList: DenyList;
}

/** Why a token of another role is refused: which token to use instead. */
const WRONG_ROLE: Record<Role, string> = {
  browser:
    'This is a client token: the browser extension needs a browser token (token --role browser).',
  client: 'This is a browser token: MCP clients need a client token (token --role client).',
};

/** Token ids already warned about (one warning each), bounded. */
const LEGACY_WARNED_MAX = 10_000;

export interface VerifierOptions {
  secret?: string;
  jwksUrl?: string;
  /** With a JWKS: the issuer and audience its tokens must name. */
  issuer?: string;
  audience?: string;
  denyList?: DenyList;
  /** Let tokens without a role open either door (`--accept-legacy-tokens`; never with a JWKS). */
  acceptLegacyTokens?: boolean;
  /** Where tokens without a role are warned about. */
  log?: Logger;
}

export function createVerifier(options: VerifierOptions): Verifier {
  const denyList = options.denyList ?? new DenyList();
  const warnLegacy = legacyWarnings(options.log);
  const key = keyOf(options);
  return {
    denyList,
    async verify(token, role) {
      if (typeof token !== 'string' || token === '') throw new TokenError('No access token.');
      try {
        const { payload } = await jwtVerify(token, key as Uint8Array, {
          // Every token must expire; a JWKS's tokens must be meant for this relay.
          requiredClaims: ['exp'],
          ...(options.jwksUrl
            ? { issuer: options.issuer, audience: options.audience }
            : { issuer: ISSUER, algorithms: ['HS256'] }),
        });
        const { claims, jti } = claimsOf(payload, token);
        if (denyList.denies(claims)) throw new TokenError('The token was revoked.');
        checkDoor(claims, jti, role, options.acceptLegacyTokens);
        if (claims.role === undefined) warnLegacy(claims, role);
        return claims;
      } catch (error) {
        if (error instanceof TokenError) throw error;
        if (error instanceof errors.JWTExpired) throw new TokenError('The token has expired.');
        throw new TokenError('Invalid token.');
      }
    },
  };
}

/** What tokens are checked with: the JWKS, or the secret (and the options that go with each). */
function keyOf(options: VerifierOptions): Uint8Array | JWTVerifyGetKey {
  let key: Uint8Array | JWTVerifyGetKey;
  if (options.jwksUrl) key = createRemoteJWKSet(new URL(options.jwksUrl));
  else if (options.secret) key = new TextEncoder().encode(options.secret);
  else throw new TokenError('The relay needs a secret (--secret) or a JWKS URL (--jwks-url).');
  if (options.jwksUrl && options.acceptLegacyTokens) {
    throw new TokenError(
      '--accept-legacy-tokens cannot be used with --jwks-url: an identity provider’s tokens must say their role (a "role" claim of browser or client).',
    );
  }
  if (options.jwksUrl && (!options.issuer || !options.audience)) {
    throw new TokenError(
      'With --jwks-url, name the tokens’ issuer and audience (--jwks-issuer, --jwks-audience).',
    );
  }
  return key;
}

/** A verified token's claims, and its `jti` when it has one. */
function claimsOf(payload: JWTPayload, token: string): { claims: TokenClaims; jti?: string } {
  if (typeof payload.sub !== 'string' || payload.sub === '') {
    throw new TokenError('The token names no user.');
  }
  const claimed = payload.role;
  if (claimed !== undefined && !ROLES.includes(claimed as Role)) {
    throw new TokenError("The token's role is neither browser nor client.");
  }
  const jti = typeof payload.jti === 'string' && payload.jti !== '' ? payload.jti : undefined;
  const claims: TokenClaims = {
    user: payload.sub,
    tokenId: jti ?? `token-sha256:${createHash('sha256').update(token).digest('base64url')}`,
    ...(claimed !== undefined && { role: claimed as Role }),
    expiresAt: payload.exp! * 1000,
  };
  return { claims, jti };
}

/** Refuses a token at a door its role does not open (see the header). */
function checkDoor(
  claims: TokenClaims,
  jti: string | undefined,
  role: Role,
  acceptLegacyTokens: boolean | undefined,
): void {
  if (claims.role !== undefined && claims.role !== role) {
    throw new TokenError(WRONG_ROLE[role]);
  }
  if (claims.role === undefined && !acceptLegacyTokens) {
    throw new TokenError(
      `The token has no role: issue a new one with --role ${role} (or start the relay with --accept-legacy-tokens while tokens from before roles are replaced).`,
    );
  }
  if (role === 'browser' && jti === undefined) {
    throw new TokenError(
      'A browser token needs an id (a "jti" claim): the browser is known by it. Issue one with token --role browser.',
    );
  }
}

/** Warns once per token (of the last many) that a token without a role was let in. */
function legacyWarnings(log: Logger | undefined): (claims: TokenClaims, role: Role) => void {
  const warned = new Set<string>();
  return (claims, role) => {
    if (warned.has(claims.tokenId)) return;
    if (warned.size >= LEGACY_WARNED_MAX) warned.clear();
    warned.add(claims.tokenId);
    log?.warn('token.without_role', {
      user: claims.user,
      jti: claims.tokenId,
      used_as: role,
      advice: `Tokens without a role are accepted only while --accept-legacy-tokens is set: issue a new one with --role ${role}.`,
    });
  };
}

/** Whether two claims come from the same token (its user and id), as HTTP sessions are bound. */
export function sameToken(a: TokenClaims, b: TokenClaims): boolean {
  return a.user === b.user && a.tokenId === b.tokenId;
}

/** Timers of Node hold at most 2^31 - 1 ms (about 24.8 days); longer waits are chained. */
const LONGEST_TIMER_MS = 2 ** 31 - 1;

/**
 * Calls `expired` when the token expires (a timer, re-armed for tokens that outlive Node's
 * longest timer); nothing for claims without an expiry. Returns what cancels it.
 */
export function whenExpired(claims: TokenClaims, expired: () => void): () => void {
  if (claims.expiresAt === undefined) return () => undefined;
  const expiresAt = claims.expiresAt;
  let timer: NodeJS.Timeout | undefined;
  const arm = () => {
    const left = expiresAt - Date.now();
    timer =
      left > LONGEST_TIMER_MS
        ? setTimeout(arm, LONGEST_TIMER_MS)
        : setTimeout(expired, Math.max(0, left));
    timer.unref();
  };
  arm();
  return () => clearTimeout(timer);
}
