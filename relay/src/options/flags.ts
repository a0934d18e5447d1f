/**
 * The command line's flags for serving (cli.ts), read and checked: each flag, else its
 * environment variable, else its default. A value that does not hold stops the command with a
 * {@link UsageError} saying what the flag takes (checked in the order below, so the first wrong
 * flag is the one named).
 */
import { parseArgs } from 'node:util';
import type { VerifierOptions } from '../access/tokens.js';
import { DEFAULT_BROWSER_GRACE_MS } from '../browsers/browser-return.js';
import type { Level } from '../monitoring/log.js';
import type { RelayOptions } from './relay-options.js';

/** A command used wrongly: its message alone is shown. */
export class UsageError extends Error {}

type Env = Record<string, string | undefined>;

/** What `patchbay-relay [serve]` starts the relay with. */
export interface ServeFlags {
  level: Level;
  /** The verifier's options, but its log and its deny list (this file, watched). */
  tokens: Omit<VerifierOptions, 'log' | 'denyList'> & { denyListFile?: string };
  /** The relay's options, but its verifier and log. */
  relay: Omit<RelayOptions, 'verifier' | 'log'>;
}

const SERVE_OPTIONS = {
  port: { type: 'string' },
  secret: { type: 'string' },
  host: { type: 'string' },
  redis: { type: 'string' },
  'allowed-origins': { type: 'string' },
  'allowed-hosts': { type: 'string' },
  'allowed-extensions': { type: 'string' },
  'jwks-url': { type: 'string' },
  'jwks-issuer': { type: 'string' },
  'jwks-audience': { type: 'string' },
  'deny-list': { type: 'string' },
  'log-level': { type: 'string' },
  'presence-ttl': { type: 'string' },
  'redis-key': { type: 'string' },
  'max-client-sockets': { type: 'string' },
  'max-sse-streams': { type: 'string' },
  'http-rate': { type: 'string' },
  'browser-grace': { type: 'string' },
  'max-waiting': { type: 'string' },
  metrics: { type: 'boolean' },
  'accept-legacy-tokens': { type: 'boolean' },
} as const;

type Values = ReturnType<
  typeof parseArgs<{ args: string[]; options: typeof SERVE_OPTIONS }>
>['values'];

export function serveFlags(args: string[], env: Env = process.env): ServeFlags {
  const { values } = parseArgs({ args, options: SERVE_OPTIONS });
  const port = portOf(values, env);
  const level = levelOf(values);
  const { secret, jwksUrl } = secretOf(values, env);
  const redisUrl = values.redis ?? env.RELAY_REDIS_URL;
  if (redisUrl && !/^rediss?:\/\//.test(redisUrl))
    throw new UsageError('--redis must be a redis:// or rediss:// URL.');
  const presenceTtl = Number(values['presence-ttl'] ?? 15);
  if (!(presenceTtl >= 1 && presenceTtl <= 3600))
    throw new UsageError('--presence-ttl is a number of seconds (1 to 3600).');
  const allowedExtensions = allowedExtensionsOf(values, env);
  const redisKey = redisKeyOf(values, env, secret, redisUrl);
  const limits = {
    maxClientSocketsPerUser: count('max-client-sockets', values['max-client-sockets'], 32),
    maxSseStreamsPerUser: count('max-sse-streams', values['max-sse-streams'], 32),
    httpRequestsPerSecond: count('http-rate', values['http-rate'], 50),
    maxWaitingPerUser: count('max-waiting', values['max-waiting'], 32),
  };
  const grace = graceOf(values, env);
  return {
    level,
    tokens: {
      secret,
      jwksUrl,
      issuer: values['jwks-issuer'] ?? env.RELAY_JWKS_ISSUER,
      audience: values['jwks-audience'] ?? env.RELAY_JWKS_AUDIENCE,
      denyListFile: values['deny-list'] ?? env.RELAY_DENY_LIST,
      acceptLegacyTokens: values['accept-legacy-tokens'] ?? env.RELAY_ACCEPT_LEGACY_TOKENS === '1',
    },
    relay: {
      host: values.host ?? env.RELAY_HOST ?? '127.0.0.1',
      port,
      allowedOrigins: list(values['allowed-origins'] ?? env.RELAY_ALLOWED_ORIGINS),
      allowedHosts: list(values['allowed-hosts'] ?? env.RELAY_ALLOWED_HOSTS),
      allowedExtensions,
      redisUrl,
      redisKey,
      presenceTtlMs: presenceTtl * 1000,
      browserGraceMs: grace * 1000,
      metrics: values.metrics ?? env.RELAY_METRICS === '1',
      ...limits,
    },
  };
}

const list = (value: string | undefined) =>
  (value ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);

/** A whole number of at least 1 from a flag, or its default. */
function count(flag: string, value: string | undefined, fallback: number): number {
  const parsed = Number(value ?? fallback);
  if (!Number.isInteger(parsed) || parsed < 1)
    throw new UsageError(`--${flag} is a whole number, 1 or more.`);
  return parsed;
}

function portOf(values: Values, env: Env): number {
  const port = Number(values.port ?? env.RELAY_PORT ?? 3456);
  if (!Number.isInteger(port) || port < 0 || port > 65_535) {
    throw new UsageError(
      `--port must be a port number (0-65535), not "${values.port ?? env.RELAY_PORT}".`,
    );
  }
  return port;
}

function levelOf(values: Values): Level {
  const level = (values['log-level'] ?? 'info') as Level;
  if (!['debug', 'info', 'warn', 'error'].includes(level))
    throw new UsageError('--log-level is debug, info, warn or error.');
  return level;
}

/** What tokens are checked with: a secret of 16 characters or more, or a JWKS. */
function secretOf(values: Values, env: Env): { secret?: string; jwksUrl?: string } {
  const secret = values.secret ?? env.RELAY_SECRET;
  const jwksUrl = values['jwks-url'] ?? env.RELAY_JWKS_URL;
  if (!secret && !jwksUrl)
    throw new UsageError('The relay needs --secret <s> (or RELAY_SECRET), or --jwks-url.');
  if (secret && secret.length < 16)
    throw new UsageError('The secret must be 16 characters or more.');
  return { secret, jwksUrl };
}

function allowedExtensionsOf(values: Values, env: Env): string[] {
  const allowedExtensions = list(values['allowed-extensions'] ?? env.RELAY_ALLOWED_EXTENSIONS);
  const badExtension = allowedExtensions.find((id) => !/^[a-p]{32}$/.test(id));
  if (badExtension !== undefined)
    throw new UsageError(
      `--allowed-extensions takes extension ids (32 letters a-p), not "${badExtension}".`,
    );
  return allowedExtensions;
}

/** What instances sign their messages with: the secret they share, unless a key of its own. */
function redisKeyOf(
  values: Values,
  env: Env,
  secret: string | undefined,
  redisUrl: string | undefined,
): string | undefined {
  const redisKey = values['redis-key'] ?? env.RELAY_REDIS_KEY ?? secret;
  if (redisUrl && !redisKey)
    throw new UsageError(
      'With --redis and --jwks-url, give --redis-key <k> (or RELAY_REDIS_KEY): instances sign what they tell each other with it.',
    );
  if (redisKey && redisKey.length < 16)
    throw new UsageError('The Redis key must be 16 characters or more.');
  return redisKey;
}

/** How long requests wait for a browser that just left, in seconds (0: not at all). */
function graceOf(values: Values, env: Env): number {
  const grace = Number(
    values['browser-grace'] ?? env.RELAY_BROWSER_GRACE ?? DEFAULT_BROWSER_GRACE_MS / 1000,
  );
  if (!(grace >= 0 && grace <= 600))
    throw new UsageError('--browser-grace is a number of seconds (0 to 600; 0: no waiting).');
  return grace;
}
