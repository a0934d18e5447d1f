import { describe, expect, it } from 'vitest';
import { ConnectionError, type ConnectionErrorKind } from '../../../src/errors/connection-error';
import type { ServerConfig } from '../../../src/mcp/catalog';
import { refusedBeforeRunning } from '../../../src/mcp/session/connect-and-list';
import { sessionFailure, toPatchbayError } from '../../../src/mcp/session/failures';
import type { ServerStatus } from '../../../src/messaging/contract';
import type { StoredTokens } from '../../../src/oauth/provider';
import { configChanges } from '../../../src/mcp/session/lifecycle';

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
  const signedIn: StoredTokens = { access_token: 'at', token_type: 'Bearer' };
  const unreachable =
    "Couldn't reach Notes's sign-in server to renew your sign-in. Patchbay tries again in a minute; Retry to try now.";
  const expired = 'Your sign-in to Notes expired or was revoked. Sign in again.';
  const refusedBy401 =
    'Notes needs you to sign in or to send valid credentials (HTTP 401). Sign in, or check the headers you added.';
  const hostUnreachable =
    "Couldn't reach notes.example. Check the URL and that the server is running, then retry.";
  const needsAuth: ServerStatus = { state: 'needs-auth', error: 'Sign in to Notes.' };
  it.each<{
    name: string;
    kind: ConnectionErrorKind;
    renewalUnreachable: boolean;
    tokens: StoredTokens | undefined;
    status: ServerStatus;
    expected: { code: string; message: string; retryable: boolean };
  }>([
    {
      name: 'a refused token while renewals fail',
      kind: 'auth',
      renewalUnreachable: true,
      tokens: signedIn,
      status: { state: 'connected' },
      expected: { code: 'connection-failed', message: unreachable, retryable: true },
    },
    {
      name: 'a refused request with no sign-in, after a renewal failed',
      kind: 'auth',
      renewalUnreachable: true,
      tokens: undefined,
      status: { state: 'invalid-token', error: expired },
      expected: { code: 'auth-required', message: expired, retryable: false },
    },
    {
      name: 'a refused sign-in',
      kind: 'auth',
      renewalUnreachable: false,
      tokens: signedIn,
      status: { state: 'invalid-token', error: expired },
      expected: { code: 'auth-required', message: expired, retryable: false },
    },
    {
      name: 'a sign-in asked for',
      kind: 'auth',
      renewalUnreachable: false,
      tokens: undefined,
      status: needsAuth,
      expected: { code: 'auth-required', message: 'Sign in to Notes.', retryable: false },
    },
    {
      name: 'a sign-in state without a sentence',
      kind: 'auth',
      renewalUnreachable: false,
      tokens: undefined,
      status: { state: 'needs-auth' },
      expected: { code: 'auth-required', message: refusedBy401, retryable: false },
    },
    {
      name: 'a refusal while the status tells of something else',
      kind: 'auth',
      renewalUnreachable: false,
      tokens: signedIn,
      status: { state: 'error', error: 'Something else.' },
      expected: { code: 'auth-required', message: refusedBy401, retryable: false },
    },
    {
      name: 'a failure that is not about signing in, under a stale sign-in status',
      kind: 'network',
      renewalUnreachable: true,
      tokens: signedIn,
      status: needsAuth,
      expected: { code: 'connection-failed', message: hostUnreachable, retryable: true },
    },
  ])('$name', ({ kind, renewalUnreachable, tokens, status, expected }) => {
    const failure = new ConnectionError(kind, 'raw detail', kind === 'auth' ? { status: 401 } : {});
    const session = { config, auth: { tokens }, renewalUnreachable, status };
    const error = sessionFailure(session as Parameters<typeof sessionFailure>[0], failure);
    expect(error).toMatchObject(expected);
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
