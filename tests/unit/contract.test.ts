import { describe, expect, it } from 'vitest';
import {
  SERVER_STATES,
  parseRequestType,
  responseSchema,
  serverRequestType,
} from '../../src/messaging/contract';

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

  it('rejects unknown actions, malformed ids and inherited property names', () => {
    expect(parseRequestType('mcp/notion/explode')).toBeUndefined();
    expect(parseRequestType('mcp/Not Ion/enable')).toBeUndefined();
    expect(parseRequestType('mcp/x/toString')).toBeUndefined();
    expect(parseRequestType('constructor')).toBeUndefined();
    expect(parseRequestType('')).toBeUndefined();
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

  it('accepts only well-formed response envelopes', () => {
    expect(responseSchema.safeParse({ ok: true, result: { servers: [] } }).success).toBe(true);
    expect(
      responseSchema.safeParse({ ok: false, error: { code: 'not-found', message: 'x' } }).success,
    ).toBe(true);
    expect(responseSchema.safeParse({ ok: false, error: 'boom' }).success).toBe(false);
    expect(responseSchema.safeParse(undefined).success).toBe(false);
  });
});
