import { describe, expect, it } from 'vitest';
import { ConnectionError, type ConnectionErrorKind } from '../../src/errors/connection-error';
import type { ServerConfig } from '../../src/mcp/catalog';
import { refusedBeforeRunning } from '../../src/mcp/session/connect-and-list';
import { toPatchbayError } from '../../src/mcp/session/failures';
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
