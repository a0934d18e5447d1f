import { describe, expect, it } from 'vitest';
import type { ServerStatus, ServerView } from '../../../src/messaging/contract';
import { serverNextStep } from '../../../src/mcp/server-next-step';
import { serverView } from '../../helpers/server-view';

const view = (status: ServerStatus, extra: Partial<ServerView> = {}) =>
  serverView('notes', 'Acme Notes', { status, ...extra });

describe('a server’s next step', () => {
  it.each<[string, ServerView, boolean, string]>([
    ['off: its switch', view({ state: 'error' }, { isEnabled: false }), true, 'switch'],
    [
      'connected: its switch',
      view({ state: 'connected' }, { missingHeaders: ['X'] }),
      true,
      'switch',
    ],
    ['connecting: its switch', view({ state: 'connecting' }), true, 'switch'],
    [
      'a site not allowed, before anything else',
      view(
        { state: 'needs-auth', needsAccess: ['https://notes.example/*'] },
        { missingHeaders: ['X'] },
      ),
      true,
      'allow-access',
    ],
    [
      'a header without its value',
      view({ state: 'needs-auth' }, { missingHeaders: ['X'] }),
      true,
      'enter-header',
    ],
    [
      'a header, without an Edit form: a sign-in',
      view({ state: 'needs-auth' }, { missingHeaders: ['X'] }),
      false,
      'sign-in',
    ],
    [
      'a client ID to enter',
      view({ state: 'needs-auth', needsClientId: true }),
      true,
      'enter-client-id',
    ],
    [
      'a client ID, without an Edit form',
      view({ state: 'needs-auth', needsClientId: true }),
      false,
      'sign-in',
    ],
    ['an expired sign-in', view({ state: 'invalid-token' }), true, 'sign-in'],
    ['an unreachable server', view({ state: 'error' }), true, 'retry'],
    ['a crashed Cloudflare worker', view({ state: 'cloudflare-error' }), true, 'retry'],
  ])('%s', (_name, server, canEdit, step) => {
    expect(serverNextStep(server, canEdit)).toBe(step);
  });
});
