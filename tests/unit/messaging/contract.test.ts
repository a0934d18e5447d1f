import { describe, expect, it } from 'vitest';
import {
  SERVER_STATES,
  parseRequestType,
  responseSchema,
  serverRequestType,
} from '../../../src/messaging/contract';

describe('parseRequestType', () => {
  it('recognises global request types', () => {
    expect(parseRequestType('mcp/servers/get')).toEqual({
      scope: 'global',
      type: 'mcp/servers/get',
    });
    expect(parseRequestType('mcp/tools/list')).toEqual({ scope: 'global', type: 'mcp/tools/list' });
  });

  it('splits server-scoped types into server id and action, including two-part actions', () => {
    expect(parseRequestType('mcp/notion/enable')).toEqual({
      scope: 'server',
      serverId: 'notion',
      action: 'enable',
    });
    expect(parseRequestType('mcp/custom-1a2b/tool/call')).toEqual({
      scope: 'server',
      serverId: 'custom-1a2b',
      action: 'tool/call',
    });
    expect(parseRequestType(serverRequestType('linear', 'tools/disabled/set'))).toEqual({
      scope: 'server',
      serverId: 'linear',
      action: 'tools/disabled/set',
    });
  });

  it.each([
    ['an unknown action', 'mcp/notion/explode'],
    ['a malformed id', 'mcp/Not Ion/enable'],
    ['an inherited property name as an action', 'mcp/x/toString'],
    ['an inherited property name as a type', 'constructor'],
    ['an empty type', ''],
  ])('rejects %s', (_name, type) => {
    expect(parseRequestType(type)).toBeUndefined();
  });
});

describe('contract shapes', () => {
  it('keeps exactly the spec’s status states', () => {
    expect(SERVER_STATES).toEqual([
      'disconnected',
      'needs-auth',
      'registering',
      'authorizing',
      'authenticated',
      'connecting',
      'connected',
      'error',
      'token-refresh',
      'cloudflare-error',
      'invalid-token',
    ]);
  });

  it.each<[string, string, unknown, boolean]>([
    ['accepts', 'a result', { ok: true, result: { servers: [] } }, true],
    [
      'accepts',
      'an error with a code',
      { ok: false, error: { code: 'not-found', message: 'x' } },
      true,
    ],
    ['refuses', 'an error that is a bare string', { ok: false, error: 'boom' }, false],
    ['refuses', 'nothing', undefined, false],
  ])('%s %s as a response envelope', (_verb, _name, envelope, accepted) => {
    expect(responseSchema.safeParse(envelope).success).toBe(accepted);
  });
});
