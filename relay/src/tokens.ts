/**
 * Access tokens: JWTs verified with `jose`. Self-hosted relays sign and verify with one secret
 * (HS256); hosted deployments verify against a JWKS URL. A token names its user (`sub`) and has
 * an id (`jti`); rotating the secret revokes every token, and a deny list revokes single tokens
 * (by `jti`) or a whole user (`user:<name>`).
 */
import { randomUUID } from 'node:crypto';
import { readFileSync, unwatchFile, watchFile } from 'node:fs';
import { SignJWT, createRemoteJWKSet, errors, jwtVerify, type JWTVerifyGetKey } from 'jose';

export const ISSUER = 'patchbay-relay';

export interface TokenClaims {
  user: string;
  tokenId: string;
}

export class TokenError extends Error {
  override name = 'TokenError';
}

export async function issueToken(options: {
  user: string;
  secret: string;
  /** A duration jose understands ("12h", "30d"); 30 days when absent. */
  ttl?: string;
}): Promise<string> {
  if (!options.user.trim()) throw new TokenError('A token needs a user name (--user).');
  if (options.secret.length < 16) throw new TokenError('The secret must be 16 characters or more.');
  return new SignJWT({})
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
  verify(token: unknown): Promise<TokenClaims>;
  denyList: DenyList;
}

export function createVerifier(options: {
  secret?: string;
  jwksUrl?: string;
  /** With a JWKS: the issuer and audience its tokens must name. */
  issuer?: string;
  audience?: string;
  denyList?: DenyList;
}): Verifier {
  const denyList = options.denyList ?? new DenyList();
  let key: Uint8Array | JWTVerifyGetKey;
  if (options.jwksUrl) key = createRemoteJWKSet(new URL(options.jwksUrl));
  else if (options.secret) key = new TextEncoder().encode(options.secret);
  else throw new TokenError('The relay needs a secret (--secret) or a JWKS URL (--jwks-url).');
  if (options.jwksUrl && (!options.issuer || !options.audience)) {
    throw new TokenError(
      'With --jwks-url, name the tokens’ issuer and audience (--jwks-issuer, --jwks-audience).',
    );
  }
  return {
    denyList,
    async verify(token) {
      if (typeof token !== 'string' || token === '') throw new TokenError('No access token.');
      try {
        const { payload } = await jwtVerify(token, key as Uint8Array, {
          // Every token must expire; a JWKS's tokens must be meant for this relay.
          requiredClaims: ['exp'],
          ...(options.jwksUrl
            ? { issuer: options.issuer, audience: options.audience }
            : { issuer: ISSUER, algorithms: ['HS256'] }),
        });
        if (typeof payload.sub !== 'string' || payload.sub === '') {
          throw new TokenError('The token names no user.');
        }
        const claims = { user: payload.sub, tokenId: payload.jti ?? payload.sub };
        if (denyList.denies(claims)) throw new TokenError('The token was revoked.');
        return claims;
      } catch (error) {
        if (error instanceof TokenError) throw error;
        if (error instanceof errors.JWTExpired) throw new TokenError('The token has expired.');
        throw new TokenError('Invalid token.');
      }
    },
  };
}
