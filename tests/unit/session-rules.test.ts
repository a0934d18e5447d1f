import { describe, expect, it } from 'vitest';
import { ConnectionError, type ConnectionErrorKind } from '../../src/errors/connection-error';
import type { ServerConfig } from '../../src/mcp/catalog';
import { refusedBeforeRunning } from '../../src/mcp/session/connect-and-list';
import { sessionFailure, toPatchbayError } from '../../src/mcp/session/failures';
import type { ServerStatus } from '../../src/messaging/contract';
import type { StoredTokens } from '../../src/oauth/provider';
import { configChanges } from '../../src/mcp/session/lifecycle';

const config: ServerConfig = {
  id: 'notes',
  name: 'Notes',
  url: 'https://notes.example/mcp',
  headers: [{ key: 'X-Team', value: 'blue' }],
  description: 'Notes of the team',
  requiresAuthentication: true,
  isCustom: true,
  oauth: { clientId: 'patchbay', scopes: ['read'] },
};

describe('a connection failure as pages see it', () => {
  it.each<[ConnectionErrorKind, number | undefined, string, boolean]>([
    ['auth', 401, 'auth-required', false],
    ['auth', 403, 'auth-required', false],
    ['timeout', undefined, 'timeout', true],
    ['network', undefined, 'connection-failed', true],
    ['server', 502, 'connection-failed', true],
    ['not-found', 404, 'connection-failed', false],
  ])(
    'a %s failure (HTTP %s) has the code %s, retryable: %s, a sentence naming the server and the failure as its cause',
    (kind, status, code, retryable) => {
      const failure = new ConnectionError(kind, 'raw detail', status ? { status } : {});
      const error = toPatchbayError(failure, config);
      expect(error.code).toBe(code);
      expect(error.retryable).toBe(retryable);
      expect(error.cause).toBe(failure);
      expect(error.message).toMatch(/Notes|notes\.example/);
      expect(error.message).not.toContain('raw detail');
    },
  );
});

describe("a server's connection failure as its callers see it", () => {
  const tokens: StoredTokens = { access_token: 'at', token_type: 'Bearer' };
  const unreachable =
    "Couldn't reach Notes's sign-in server to renew your sign-in. Patchbay tries again in a minute; Retry to try now.";
  const expired = 'Your sign-in to Notes expired or was revoked. Sign in again.';
  const refusedBy401 =
    'Notes needs you to sign in or to send valid credentials (HTTP 401). Sign in, or check the headers you added.';
  const unreachableHost =
    "Couldn't reach notes.example. Check the URL and that the server is running, then retry.";
  it.each<
    [
      string,
      ConnectionErrorKind,
      boolean,
      StoredTokens | undefined,
      ServerStatus,
      string,
      string,
      boolean,
    ]
  >([
    [
      'a refused token while renewals fail',
      'auth',
      true,
      tokens,
      { state: 'connected' },
      'connection-failed',
      unreachable,
      true,
    ],
    [
      'a refused request with no sign-in, after a renewal failed',
      'auth',
      true,
      undefined,
      { state: 'invalid-token', error: expired },
      'auth-required',
      expired,
      false,
    ],
    [
      'a refused sign-in',
      'auth',
      false,
      tokens,
      { state: 'invalid-token', error: expired },
      'auth-required',
      expired,
      false,
    ],
    [
      'a sign-in asked for',
      'auth',
      false,
      undefined,
      { state: 'needs-auth', error: 'Sign in to Notes.' },
      'auth-required',
      'Sign in to Notes.',
      false,
    ],
    [
      'a sign-in state without a sentence',
      'auth',
      false,
      undefined,
      { state: 'needs-auth' },
      'auth-required',
      refusedBy401,
      false,
    ],
    [
      'a refusal while the status tells of something else',
      'auth',
      false,
      tokens,
      { state: 'error', error: 'Something else.' },
      'auth-required',
      refusedBy401,
      false,
    ],
    [
      'a failure that is not about signing in, under a stale sign-in status',
      'network',
      true,
      tokens,
      { state: 'needs-auth', error: 'Sign in to Notes.' },
      'connection-failed',
      unreachableHost,
      true,
    ],
  ])('%s', (_name, kind, renewalUnreachable, storedTokens, status, code, message, retryable) => {
    const failure = new ConnectionError(kind, 'raw detail', kind === 'auth' ? { status: 401 } : {});
    const session = { config, auth: { tokens: storedTokens }, renewalUnreachable, status };
    const error = sessionFailure(session as Parameters<typeof sessionFailure>[0], failure);
    expect(error).toMatchObject({ code, message, retryable });
    expect(error.cause).toBe(failure);
  });
});

describe('which failures of a request on a stored era never ran', () => {
  it.each<[ConnectionErrorKind, number | undefined, boolean]>([
    ['protocol', 400, true],
    ['not-found', 404, true],
    ['session-expired', 404, true],
    ['protocol', 405, true],
    ['auth', 401, false],
    ['auth', 404, false],
    ['server', 500, false],
    ['protocol', 406, false],
    ['network', undefined, false],
    ['timeout', undefined, false],
  ])('a %s failure with HTTP %s: %s', (kind, status, refused) => {
    const failure = new ConnectionError(kind, 'failed', status ? { status } : {});
    expect(refusedBeforeRunning(failure)).toBe(refused);
  });
});

describe('what an edit of a server changes', () => {
  it.each<
    [string, Partial<ServerConfig>, { endpoint: boolean; auth: boolean; connection: boolean }]
  >([
    ['nothing', {}, { endpoint: false, auth: false, connection: false }],
    ['only the name', { name: 'Renamed' }, { endpoint: false, auth: false, connection: false }],
    [
      'the URL',
      { url: 'https://other.example/mcp' },
      { endpoint: true, auth: true, connection: true },
    ],
    [
      'the OAuth client',
      { oauth: { clientId: 'another', scopes: ['read'] } },
      { endpoint: false, auth: true, connection: true },
    ],
    [
      'the OAuth scopes',
      { oauth: { clientId: 'patchbay', scopes: ['read', 'write'] } },
      { endpoint: false, auth: true, connection: true },
    ],
    [
      'a header value',
      { headers: [{ key: 'X-Team', value: 'red' }] },
      { endpoint: false, auth: false, connection: true },
    ],
    ['the headers removed', { headers: [] }, { endpoint: false, auth: false, connection: true }],
  ])('changing %s', (_name, edit, changes) => {
    expect(configChanges(config, { ...config, ...edit })).toEqual(changes);
  });
});
