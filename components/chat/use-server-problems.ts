import { useState } from 'react';
import { errorMessage } from '../../src/errors/error-message';
import { chatServerProblems, type ServerProblem } from '../../src/chat/server-problems';
import { useClient } from '../shared/client-context';
import type { ServerView } from '../../src/messaging/contract';
import { sitesRefused, type AskForSites } from '../../src/permissions/ask-for-sites';

/**
 * Opens the Servers tab, at a server's card when one is named (with `header`: its form at that
 * header's field).
 */
export type OpenServer = (serverId?: string, header?: string) => void;

/**
 * What identifies one problem: dismissing it hides it until the server needs another step (the
 * worker's sentence changes as it retries, and does not bring it back).
 */
const keyOf = (problem: ServerProblem) => `${problem.serverId}\n${problem.action.kind}`;

/**
 * The problems of the chat's servers, and their buttons: Sign in, Allow and Retry act here,
 * as the Servers card's do (Chrome asked for the server's sites first, within the click);
 * Enter <header> and Open in Servers go to the server's card.
 */
export function useServerProblems(options: {
  servers: readonly ServerView[];
  askForSites: AskForSites;
  onOpenServer?: OpenServer | undefined;
}) {
  const { servers, askForSites, onOpenServer } = options;
  const client = useClient();
  const [busy, setBusy] = useState<ReadonlySet<string>>(new Set());
  const [dismissed, setDismissed] = useState<ReadonlySet<string>>(new Set());
  const [error, setError] = useState<string | undefined>();
  // Each list is made from the one before (a server retrying keeps its problem): React's way
  // of keeping what an earlier render found.
  const [found, setFound] = useState(() => ({ servers, all: chatServerProblems(servers) }));
  if (found.servers !== servers) setFound({ servers, all: chatServerProblems(servers, found.all) });
  // (React renders again at once after a set during render, before anything is shown.)
  const { all } = found;
  const problems = all.filter((problem) => !dismissed.has(keyOf(problem)));

  const run = (serverId: string, work: () => Promise<string | undefined>) => {
    setBusy((previous) => new Set(previous).add(serverId));
    setError(undefined);
    void work()
      .then(setError, (failure: unknown) => setError(errorMessage(failure)))
      .finally(() => setBusy((previous) => new Set([...previous].filter((id) => id !== serverId))));
  };

  const act = (problem: ServerProblem) => {
    const server = servers.find((candidate) => candidate.id === problem.serverId);
    if (!server) return;
    const { action } = problem;
    if (action.kind === 'enter-header' || action.kind === 'open-servers') {
      onOpenServer?.(server.id, action.kind === 'enter-header' ? action.header : undefined);
      return;
    }
    const sites = [server.url, ...(server.signInSites ?? []), ...(server.status.needsAccess ?? [])];
    // Asked first thing in the click: Chrome shows its prompt only within one.
    const asked = askForSites(sites);
    const signIn =
      action.kind === 'sign-in' ||
      server.status.state === 'needs-auth' ||
      server.status.state === 'invalid-token';
    run(server.id, async () => {
      if (action.kind === 'allow-access' && !(await asked))
        return sitesRefused(sites, 'Click Allow to be asked again.');
      await client.server(server.id, signIn ? 'auth/start' : 'enable');
      return undefined;
    });
  };

  return {
    problems,
    busy,
    error,
    act,
    dismiss: (problem: ServerProblem) =>
      setDismissed((previous) => new Set(previous).add(keyOf(problem))),
    ...(onOpenServer ? { openServers: () => onOpenServer() } : {}),
  };
}
