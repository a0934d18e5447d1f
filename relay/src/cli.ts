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
import {
  createVerifier,
  DenyList,
  issueToken,
  ROLES,
  TokenError,
  type Role,
} from './access/tokens.js';
import { createLogger } from './monitoring/log.js';
import { serveFlags, UsageError } from './options/flags.js';
import { RedisUnavailableError } from './redis/ioredis-clients.js';
import { startRelay } from './server.js';

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

/** Serves until SIGINT or SIGTERM (options/flags.ts reads the flags). */
async function serve(args: string[]) {
  const flags = serveFlags(args);
  const log = createLogger(flags.level);
  const { denyListFile, ...tokens } = flags.tokens;
  const relay = await startRelay({
    ...flags.relay,
    verifier: createVerifier({ ...tokens, denyList: new DenyList(denyListFile), log }),
    log,
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
