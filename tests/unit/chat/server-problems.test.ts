import { describe, expect, it } from 'vitest';
import { chatServerProblems, serverProblem } from '../../../src/chat/server-problems';
import type { ServerStatus, ServerView } from '../../../src/messaging/contract';
import { serverView } from '../../helpers/server-view';

function server(status: ServerStatus, extra: Partial<ServerView> = {}): ServerView {
  return serverView('notes', 'Acme Notes', { url: 'https://notes.example/mcp', status, ...extra });
}

describe('serverProblem', () => {
  it.each<[string, ServerView, string, object, string]>([
    [
      'a server that needs a sign-in',
      server({ state: 'needs-auth', error: 'Sign in to Acme Notes to use its tools.' }),
      'needs you to sign in',
      { kind: 'sign-in' },
      'Sign in',
    ],
    [
      'a sign-in that expired',
      server({ state: 'invalid-token', error: 'Your sign-in to Acme Notes expired.' }),
      'sign-in expired',
      { kind: 'sign-in' },
      'Sign in',
    ],
    [
      'a server that cannot be reached',
      server({ state: 'error', error: "Couldn't reach notes.example." }),
      'cannot connect',
      { kind: 'retry' },
      'Retry',
    ],
    [
      'a crashed Cloudflare worker',
      server({ state: 'cloudflare-error', error: 'The worker crashed.' }),
      'cannot connect',
      { kind: 'retry' },
      'Retry',
    ],
    [
      'a header without its value',
      server({ state: 'needs-auth' }, { missingHeaders: ['X-Api-Key', 'X-Team'] }),
      'is missing the value of X-Api-Key',
      { kind: 'enter-header', header: 'X-Api-Key' },
      'Enter X-Api-Key',
    ],
    [
      'a site Chrome has not allowed',
      server({ state: 'error', needsAccess: ['https://notes.example/*'] }),
      'needs your permission to connect',
      { kind: 'allow-access' },
      'Allow access',
    ],
    [
      'an authorization server without self-registration',
      server({ state: 'needs-auth', needsClientId: true }),
      'needs a client ID to sign in',
      { kind: 'open-servers' },
      'Open in Servers',
    ],
  ])('names %s with its next step', (_name, view, problem, action, actionLabel) => {
    expect(serverProblem(view)).toMatchObject({
      serverId: 'notes',
      serverName: 'Acme Notes',
      problem,
      action,
      actionLabel,
    });
  });

  it('takes the Servers card’s order and its Edit form: a header before a client ID, a sign-in where there is no form', () => {
    const both = { missingHeaders: ['X-Api-Key'] };
    expect(
      serverProblem(server({ state: 'needs-auth', needsClientId: true }, both))?.action,
    ).toEqual({ kind: 'enter-header', header: 'X-Api-Key' });
    const builtIn = { ...both, isCustom: false };
    expect(
      serverProblem(server({ state: 'needs-auth', needsClientId: true }, builtIn)),
    ).toMatchObject({
      action: { kind: 'sign-in' },
      actionLabel: 'Sign in',
    });
  });

  it('carries the worker’s sentence as the detail, and none when there is no sentence', () => {
    const sentence = "Couldn't reach notes.example. Check the URL and that the server is running.";
    expect(serverProblem(server({ state: 'error', error: sentence }))?.detail).toBe(sentence);
    expect(serverProblem(server({ state: 'error', error: '  ' }))).not.toHaveProperty('detail');
  });

  it.each<[string, ServerView]>([
    ['a connected server', server({ state: 'connected' })],
    ['a connecting server', server({ state: 'connecting' })],
    ['a sign-in under way', server({ state: 'authorizing' })],
    ['a server switched off, even a failing one', server({ state: 'error' }, { isEnabled: false })],
    [
      'a connected server that lost a header value it no longer needs',
      server({ state: 'connected' }, { missingHeaders: ['X-Api-Key'] }),
    ],
  ])('finds no problem with %s', (_name, view) => {
    expect(serverProblem(view)).toBeUndefined();
  });
});

describe('chatServerProblems', () => {
  it('lists the switched-on servers with a problem, in the servers’ order', () => {
    const list = chatServerProblems([
      server({ state: 'error' }, { id: 'a', name: 'A' }),
      server({ state: 'connected' }, { id: 'b', name: 'B' }),
      server({ state: 'needs-auth' }, { id: 'c', name: 'C' }),
      server({ state: 'needs-auth' }, { id: 'd', name: 'D', isEnabled: false }),
    ]);
    expect(list.map((problem) => [problem.serverId, problem.action.kind])).toEqual([
      ['a', 'retry'],
      ['c', 'sign-in'],
    ]);
  });
});

describe('chatServerProblems while the worker retries', () => {
  const failing = server({ state: 'error', error: "Couldn't reach notes.example." });
  const retrying = server({ state: 'connecting' });

  it('keeps the problem shown before of a server connecting again', () => {
    const shown = chatServerProblems([failing]);
    expect(chatServerProblems([retrying], shown)).toEqual(shown);
  });

  it('shows none for a server connecting for the first time', () => {
    expect(chatServerProblems([retrying], [])).toEqual([]);
  });

  it('drops it once the server connects, or is switched off', () => {
    const shown = chatServerProblems([failing]);
    expect(chatServerProblems([server({ state: 'connected' })], shown)).toEqual([]);
    expect(
      chatServerProblems([server({ state: 'connecting' }, { isEnabled: false })], shown),
    ).toEqual([]);
  });

  it('takes the new problem when the attempt fails anew', () => {
    const shown = chatServerProblems([failing]);
    const signIn = server({
      state: 'needs-auth',
      error: 'Sign in to Acme Notes to use its tools.',
    });
    expect(chatServerProblems([signIn], shown).map((problem) => problem.action.kind)).toEqual([
      'sign-in',
    ]);
  });
});
