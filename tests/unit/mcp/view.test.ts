import type { Tool } from '@modelcontextprotocol/client';
import { describe, expect, it } from 'vitest';
import type { ServerView, ToolView } from '../../../src/messaging/contract';
import type { ServerSession } from '../../../src/mcp/session/server-session';
import { serverView, toolView } from '../../../src/mcp/view';

const CONFIG = {
  id: 'docs',
  name: 'Docs',
  url: 'https://docs.example.com/mcp',
  description: 'Docs server',
  requiresAuthentication: false,
  isCustom: false,
};

/** The few session fields serverView reads; everything else is left out. */
function fakeSession(
  overrides: Record<string, unknown> = {},
  config: Record<string, unknown> = {},
): ServerSession {
  return {
    config: { ...CONFIG, ...config },
    authDemanded: false,
    isEnabled: true,
    status: { state: 'connected' },
    toolCache: { tools: [] },
    auth: { tokens: undefined },
    connectedTransport: undefined,
    connectedProtocolVersion: undefined,
    signInHost: undefined,
    serverIconDataUrl: undefined,
    samplingEnabled: false,
    live: null,
    ...overrides,
  } as unknown as ServerSession;
}

const base: ServerView = {
  ...CONFIG,
  isEnabled: true,
  status: { state: 'connected' },
  toolCount: 0,
};

describe('serverView', () => {
  // toStrictEqual: an optional field the session does not have must be absent, not undefined.
  it.each<[string, ServerSession, ServerView]>([
    ['a bare session has only the required fields', fakeSession(), base],
    ['paid: false gives no paid field', fakeSession({}, { paid: false }), base],
    ['paid: true gives paid: true', fakeSession({}, { paid: true }), { ...base, paid: true }],
    [
      'protocol version, sign-in host and server icon are passed on when present',
      fakeSession({
        connectedProtocolVersion: '2025-11-25',
        signInHost: 'auth.example.com',
        serverIconDataUrl: 'data:image/png;base64,AAAA',
      }),
      {
        ...base,
        protocolVersion: '2025-11-25',
        signInHost: 'auth.example.com',
        serverIconDataUrl: 'data:image/png;base64,AAAA',
      },
    ],
    [
      'a live connection without capabilities or instructions offers nothing',
      fakeSession({ live: { capabilities: undefined, instructions: undefined } }),
      {
        ...base,
        features: {
          resources: false,
          resourceSubscriptions: false,
          prompts: false,
          completions: false,
        },
      },
    ],
    [
      'a live connection with resources but no subscribe, and blank instructions',
      fakeSession({ live: { capabilities: { resources: {} }, instructions: ' \u0007 ' } }),
      {
        ...base,
        features: {
          resources: true,
          resourceSubscriptions: false,
          prompts: false,
          completions: false,
        },
      },
    ],
    [
      'a live connection with every capability and instructions',
      fakeSession({
        live: {
          capabilities: { resources: { subscribe: true }, prompts: {}, completions: {} },
          instructions: 'Search first.',
        },
      }),
      {
        ...base,
        features: {
          resources: true,
          resourceSubscriptions: true,
          prompts: true,
          completions: true,
        },
        instructions: 'Search first.',
      },
    ],
  ])('%s', (_name, session, expected) => {
    expect(serverView(session)).toStrictEqual(expected);
  });
});

const inputSchema = { type: 'object' as const };

describe('toolView', () => {
  it.each<[string, Tool, string | undefined, ToolView]>([
    [
      'a bare tool gets an empty description and no optional fields',
      { name: 'search', inputSchema },
      undefined,
      { serverId: 'docs', name: 'search', description: '', inputSchema },
    ],
    [
      'every optional field is passed on when present',
      {
        name: 'search',
        title: 'Search',
        description: 'Finds pages.',
        inputSchema,
        annotations: { readOnlyHint: true },
        _meta: { ui: { resourceUri: 'ui://docs/search' } },
      },
      'data:image/png;base64,AAAA',
      {
        serverId: 'docs',
        name: 'search',
        title: 'Search',
        description: 'Finds pages.',
        inputSchema,
        annotations: { readOnlyHint: true },
        iconDataUrl: 'data:image/png;base64,AAAA',
        ui: { resourceUri: 'ui://docs/search' },
      },
    ],
    [
      'an empty title is dropped',
      { name: 'search', title: '', inputSchema },
      '',
      { serverId: 'docs', name: 'search', description: '', inputSchema },
    ],
    [
      'a title that is not a string is dropped',
      { name: 'search', title: 42 as unknown as string, inputSchema },
      undefined,
      { serverId: 'docs', name: 'search', description: '', inputSchema },
    ],
  ])('%s', (_name, tool, iconDataUrl, expected) => {
    expect(toolView('docs', tool, iconDataUrl)).toStrictEqual(expected);
  });
});
