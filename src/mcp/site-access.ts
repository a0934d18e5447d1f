/**
 * Servers and site access: every request to a server or its authorization server goes only to a
 * site Chrome allows (otherwise it fails as `no-access`, naming the pattern to ask for, which
 * the card's Allow access button asks Chrome for), and the servers that failed for it connect
 * again as soon as Chrome reports a grant.
 */
import { ConnectionError } from '../errors/connection-error';
import type { HostAccess } from '../permissions/host-access';
import { sitePattern } from '../permissions/match-pattern';
import type { FetchLike } from '../net/fetch-like';
import type { ServerStatus } from '../messaging/views';

/** `fetch`, refusing sites Chrome does not allow before anything leaves. */
export function fetchWithinAccess(fetchImpl: FetchLike, access: HostAccess): FetchLike {
  return (url, init) => {
    const allowed = access.allows(url);
    // A site allowed before goes at once: a warm call's request does not wait a turn for it.
    if (allowed === true) return fetchImpl(url, init);
    return Promise.resolve(allowed).then((yes) => {
      if (!yes) throw refusal(url);
      return fetchImpl(url, init);
    });
  };
}

function refusal(url: string | URL): ConnectionError {
  const address = new URL(url);
  const site = sitePattern(address);
  // No site to ask for (a wildcard host a server's metadata named): refused, not asked.
  if (!site)
    return new ConnectionError(
      'protocol',
      `it pointed Patchbay at ${address.origin}, which is no one site`,
    );
  return new ConnectionError('no-access', address.hostname, { sitePattern: site });
}

type Reconnectable = {
  isEnabled: boolean;
  status: ServerStatus;
  startConnecting(): void;
  setStatus(status: ServerStatus): void;
};

/**
 * The manager's servers within site access (when it is given): the fetch they use, and a
 * reconnect of those that waited for it on every grant.
 */
export function withSiteAccess(
  fetchImpl: FetchLike | undefined,
  access: HostAccess | undefined,
  sessions: () => Iterable<Reconnectable>,
): FetchLike | undefined {
  if (!access) return fetchImpl;
  reconnectOnGrant(access, sessions);
  return fetchWithinAccess(fetchImpl ?? ((url, init) => fetch(url, init)), access);
}

/**
 * On every grant, the switched-on servers that waited for it: a failed connection connects
 * again; a sign-in that stopped at a site now allowed waits for the person's Sign in, without
 * the note.
 */
function reconnectOnGrant(access: HostAccess, sessions: () => Iterable<Reconnectable>): void {
  access.onChange(() => {
    for (const session of sessions()) {
      const { status } = session;
      if (!session.isEnabled || !status.needsAccess) continue;
      void allAllowed(access, status.needsAccess).then((allowed) => {
        if (!allowed || session.status !== status) return;
        if (status.state === 'error') session.startConnecting();
        else session.setStatus({ state: status.state }); // the site note no longer holds
      });
    }
  });
}

async function allAllowed(access: HostAccess, patterns: readonly string[]): Promise<boolean> {
  for (const pattern of patterns) {
    const site = /^(https?:\/\/[^/]+)\/\*$/.exec(pattern)?.[1];
    if (!site || !(await access.allows(`${site}/`))) return false;
  }
  return true;
}
