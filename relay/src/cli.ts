#!/usr/bin/env -S node --max-semi-space-size=32
/**
 * patchbay-relay's command line (a contract: scripts and deployments rely on these names):
 *
 *   patchbay-relay [--port n] [--secret s] [--host addr] [--redis url [--redis-key k]]
 *                  [--allowed-origins list] [--allowed-hosts list] [--allowed-extensions ids]
 *                  [--jwks-url url --jwks-issuer iss --jwks-audience aud] [--deny-list file]
 *                  [--max-client-sockets n] [--max-sse-streams n] [--http-rate n]
 *                  [--browser-grace s] [--max-waiting n] [--metrics] [--log-level level]
 *                  [--accept-legacy-tokens]
 *   patchbay-relay token --user name --role browser|client --secret s [--ttl duration]
 *
 * Environment: RELAY_PORT, RELAY_SECRET, RELAY_HOST, RELAY_REDIS_URL, RELAY_REDIS_KEY,
 * RELAY_ALLOWED_ORIGINS, RELAY_ALLOWED_HOSTS, RELAY_ALLOWED_EXTENSIONS, RELAY_JWKS_URL,
 * RELAY_DENY_LIST, RELAY_BROWSER_GRACE, RELAY_METRICS (`1`: serve /metrics),
 * RELAY_ACCEPT_LEGACY_TOKENS (`1`: let tokens without a role in; not with a JWKS). `token`
 * prints the token alone on stdout; the server prints
 * `listening on http://<host>:<port>` when ready. Logs go to stderr as JSON lines.
 */
import { parseArgs } from 'node:util';
import { DEFAULT_BROWSER_GRACE_MS } from './browsers/browser-return.js';
import { createLogger, type Level } from './monitoring/log.js';
import { RedisUnavailableError } from './redis/ioredis-clients.js';
import { startRelay } from './server.js';
import {
  createVerifier,
  DenyList,
  issueToken,
  ROLES,
  TokenError,
  type Role,
} from './access/tokens.js';

const list = (value: string | undefined) =>
  (value ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);

class UsageError extends Error {}

/** A whole number of at least 1 from a flag, or its default. */
function count(flag: string, value: string | undefined, fallback: number): number {
  const parsed = Number(value ?? fallback);
  if (!Number.isInteger(parsed) || parsed < 1)
    throw new UsageError(`--${flag} is a whole number, 1 or more.`);
  return parsed;
}

async function token(args: string[]) {
  const { values } = parseArgs({
    args,
    options: {
      user: { type: 'string' },
      role: { type: 'string' },
      secret: { type: 'string' },
      ttl: { type: 'string' },
    },
  });
  const secret = values.secret ?? process.env.RELAY_SECRET;
  const role = values.role as Role | undefined;
  if (!values.user) throw new UsageError('token needs --user <name>.');
  if (!role || !ROLES.includes(role))
    throw new UsageError(
      'token needs --role browser (for the extension) or --role client (for MCP clients).',
    );
  if (!secret) throw new UsageError('token needs --secret <s> (or RELAY_SECRET).');
  process.stdout.write(
    `${await issueToken({ user: values.user, role, secret, ttl: values.ttl })}\n`,
  );
}

async function serve(args: string[]) {
  const { values } = parseArgs({
    args,
    options: {
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
    },
  });
  const port = Number(values.port ?? process.env.RELAY_PORT ?? 3456);
  if (!Number.isInteger(port) || port < 0 || port > 65_535) {
    throw new UsageError(
      `--port must be a port number (0-65535), not "${values.port ?? process.env.RELAY_PORT}".`,
    );
  }
  const level = (values['log-level'] ?? 'info') as Level;
  if (!['debug', 'info', 'warn', 'error'].includes(level))
    throw new UsageError('--log-level is debug, info, warn or error.');
  const log = createLogger(level);
  const secret = values.secret ?? process.env.RELAY_SECRET;
  const jwksUrl = values['jwks-url'] ?? process.env.RELAY_JWKS_URL;
  if (!secret && !jwksUrl)
    throw new UsageError('The relay needs --secret <s> (or RELAY_SECRET), or --jwks-url.');
  if (secret && secret.length < 16)
    throw new UsageError('The secret must be 16 characters or more.');
  const redisUrl = values.redis ?? process.env.RELAY_REDIS_URL;
  if (redisUrl && !/^rediss?:\/\//.test(redisUrl))
    throw new UsageError('--redis must be a redis:// or rediss:// URL.');
  const presenceTtl = Number(values['presence-ttl'] ?? 15);
  if (!(presenceTtl >= 1 && presenceTtl <= 3600))
    throw new UsageError('--presence-ttl is a number of seconds (1 to 3600).');
  const allowedExtensions = list(
    values['allowed-extensions'] ?? process.env.RELAY_ALLOWED_EXTENSIONS,
  );
  const badExtension = allowedExtensions.find((id) => !/^[a-p]{32}$/.test(id));
  if (badExtension !== undefined)
    throw new UsageError(
      `--allowed-extensions takes extension ids (32 letters a-p), not "${badExtension}".`,
    );
  // What instances sign their messages with: the secret they share, unless a key of its own.
  const redisKey = values['redis-key'] ?? process.env.RELAY_REDIS_KEY ?? secret;
  if (redisUrl && !redisKey)
    throw new UsageError(
      'With --redis and --jwks-url, give --redis-key <k> (or RELAY_REDIS_KEY): instances sign what they tell each other with it.',
    );
  if (redisKey && redisKey.length < 16)
    throw new UsageError('The Redis key must be 16 characters or more.');
  const limits = {
    maxClientSocketsPerUser: count('max-client-sockets', values['max-client-sockets'], 32),
    maxSseStreamsPerUser: count('max-sse-streams', values['max-sse-streams'], 32),
    httpRequestsPerSecond: count('http-rate', values['http-rate'], 50),
    maxWaitingPerUser: count('max-waiting', values['max-waiting'], 32),
  };
  const grace = Number(
    values['browser-grace'] ?? process.env.RELAY_BROWSER_GRACE ?? DEFAULT_BROWSER_GRACE_MS / 1000,
  );
  if (!(grace >= 0 && grace <= 600))
    throw new UsageError('--browser-grace is a number of seconds (0 to 600; 0: no waiting).');
  const relay = await startRelay({
    host: values.host ?? process.env.RELAY_HOST ?? '127.0.0.1',
    port,
    verifier: createVerifier({
      secret,
      jwksUrl,
      issuer: values['jwks-issuer'] ?? process.env.RELAY_JWKS_ISSUER,
      audience: values['jwks-audience'] ?? process.env.RELAY_JWKS_AUDIENCE,
      denyList: new DenyList(values['deny-list'] ?? process.env.RELAY_DENY_LIST),
      acceptLegacyTokens:
        values['accept-legacy-tokens'] ?? process.env.RELAY_ACCEPT_LEGACY_TOKENS === '1',
      log,
    }),
    log,
    allowedOrigins: list(values['allowed-origins'] ?? process.env.RELAY_ALLOWED_ORIGINS),
    allowedHosts: list(values['allowed-hosts'] ?? process.env.RELAY_ALLOWED_HOSTS),
    allowedExtensions,
    redisUrl,
    redisKey,
    presenceTtlMs: presenceTtl * 1000,
    browserGraceMs: grace * 1000,
    metrics: values.metrics ?? process.env.RELAY_METRICS === '1',
    ...limits,
  });
  process.stdout.write(`listening on ${relay.url}\n`);
  const stop = (signal: string) => {
    log.info('relay.stopping', { signal });
    void relay.close().then(() => process.exit(0));
  };
  process.once('SIGINT', () => stop('SIGINT'));
  process.once('SIGTERM', () => stop('SIGTERM'));
}

const [command, ...rest] = process.argv.slice(2);
const run =
  command === 'token' ? token(rest) : serve(command === 'serve' ? rest : process.argv.slice(2));
run.catch((error: unknown) => {
  const message =
    error instanceof UsageError ||
    error instanceof TokenError ||
    error instanceof RedisUnavailableError ||
    (error as { code?: string }).code?.startsWith('ERR_PARSE_ARGS')
      ? (error as Error).message
      : `The relay failed: ${(error as Error).message ?? String(error)}`;
  process.stderr.write(`patchbay-relay: ${message}\n`);
  process.exit(2);
});
