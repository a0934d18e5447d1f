/**
 * What the chat says of a switched-on server that cannot lend it its tools: the server, its
 * problem in a few words, the worker's sentence about it (the status's `error`, written by
 * `failureSentence` and `status.ts` in src/mcp/session/) and the one step that helps.
 */
import type { ServerView } from '../messaging/views';

/** The one next step a problem calls for, as the notice's button offers it. */
export type ServerProblemAction =
  | { kind: 'sign-in' }
  | { kind: 'retry' }
  | { kind: 'allow-access' }
  | { kind: 'enter-header'; header: string }
  | { kind: 'open-servers' };

export interface ServerProblem {
  serverId: string;
  serverName: string;
  /** A few words: "needs you to sign in". */
  problem: string;
  /** The worker's sentence about it, when it gave one. */
  detail?: string;
  action: ServerProblemAction;
  /** The button's words: "Sign in", "Enter X-Api-Key", "Retry", "Open in Servers". */
  actionLabel: string;
}

function problem(
  server: ServerView,
  words: string,
  action: ServerProblemAction,
  actionLabel: string,
): ServerProblem {
  const detail = server.status.error?.trim();
  return {
    serverId: server.id,
    serverName: server.name,
    problem: words,
    ...(detail ? { detail } : {}),
    action,
    actionLabel,
  };
}

/**
 * The problem of one server, or none: a server switched off, connecting or connected has none.
 * The order is the Servers card's: a site Chrome has not allowed, a client ID to enter, a
 * header without its value, then the state.
 */
export function serverProblem(server: ServerView): ServerProblem | undefined {
  if (!server.isEnabled) return undefined;
  const { status } = server;
  if (status.needsAccess?.length)
    return problem(server, 'needs your permission to connect', { kind: 'allow-access' }, 'Allow');
  if (status.needsClientId)
    return problem(
      server,
      'needs a client ID to sign in',
      { kind: 'open-servers' },
      'Open in Servers',
    );
  const header = server.missingHeaders?.[0];
  if (header && status.state !== 'connected')
    return problem(
      server,
      `is missing the value of ${header}`,
      { kind: 'enter-header', header },
      `Enter ${header}`,
    );
  switch (status.state) {
    case 'needs-auth':
      return problem(server, 'needs you to sign in', { kind: 'sign-in' }, 'Sign in');
    case 'invalid-token':
      return problem(server, 'sign-in expired', { kind: 'sign-in' }, 'Sign in');
    case 'error':
    case 'cloudflare-error':
      return problem(server, 'cannot connect', { kind: 'retry' }, 'Retry');
    default:
      return undefined;
  }
}

/** The problems of the servers whose tools the chat uses (every switched-on server). */
export function chatServerProblems(servers: readonly ServerView[]): ServerProblem[] {
  return servers.flatMap((server) => {
    const found = serverProblem(server);
    return found ? [found] : [];
  });
}
