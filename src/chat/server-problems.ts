/**
 * What the chat says of a switched-on server that cannot lend it its tools: the server, its
 * problem in a few words, the worker's sentence about it (the status's `error`, written by
 * `failureSentence` and `status.ts` in src/mcp/session/) and the one step that helps.
 */
import { serverNextStep } from '../mcp/server-next-step';
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
 * Its step is the Servers card's (serverNextStep); an Edit form's step (a client ID) is taken in
 * Servers.
 */
export function serverProblem(server: ServerView): ServerProblem | undefined {
  const step = serverNextStep(server, server.isCustom);
  const header = server.missingHeaders?.[0];
  switch (step) {
    case 'allow-access':
      return problem(
        server,
        'needs your permission to connect',
        { kind: 'allow-access' },
        'Allow access',
      );
    case 'enter-client-id':
      return problem(
        server,
        'needs a client ID to sign in',
        { kind: 'open-servers' },
        'Open in Servers',
      );
    case 'enter-header':
      return header
        ? problem(
            server,
            `is missing the value of ${header}`,
            { kind: 'enter-header', header },
            `Enter ${header}`,
          )
        : undefined;
    case 'sign-in':
      return server.status.state === 'invalid-token'
        ? problem(server, 'sign-in expired', { kind: 'sign-in' }, 'Sign in')
        : problem(server, 'needs you to sign in', { kind: 'sign-in' }, 'Sign in');
    case 'retry':
      return problem(server, 'cannot connect', { kind: 'retry' }, 'Retry');
    case 'switch':
      return undefined;
  }
}

/**
 * The problems of the servers whose tools the chat uses (every switched-on server). With the
 * problems shown before (`shown`), a server the worker is connecting to again keeps its problem
 * until it connects or fails anew: the worker retries a server it cannot reach (1 s, 2 s, 4 s
 * apart), and its problem went and came back with each attempt, the notice blinking and its
 * buttons moving under the person's pointer.
 */
export function chatServerProblems(
  servers: readonly ServerView[],
  shown: readonly ServerProblem[] = [],
): ServerProblem[] {
  return servers.flatMap((server) => {
    const found =
      serverProblem(server) ??
      (server.isEnabled && server.status.state === 'connecting'
        ? shown.find((problem) => problem.serverId === server.id)
        : undefined);
    return found ? [found] : [];
  });
}
