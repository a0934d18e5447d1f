/**
 * Why a routine cannot run now, in the words its notification and its run list show: a server
 * it uses was removed, switched off, needs its sign-in again, needs site access, or is down.
 * Servers still connecting (the worker just woke for the run) are waited for a little.
 */
import type { PatchbayClient } from '../messaging/client';
import type { ServerView } from '../messaging/contract';
import type { Routine } from './routine';

/** How long servers that are still connecting are waited for. */
export const CONNECT_WAIT_MS = 20_000;
const LOOK_EVERY_MS = 500;
const SETTLING = new Set(['connecting', 'registering', 'authenticated', 'token-refresh']);
const SIGNED_OUT = new Set(['needs-auth', 'invalid-token', 'authorizing']);

export interface Blocker {
  reason: string;
  /** Servers whose sign-in ended. */
  signIn?: string[];
  /** Those sign-ins are all that stopped the run. */
  onlySignIn?: boolean;
}

export async function runBlockers(
  client: PatchbayClient,
  routine: Pick<Routine, 'servers'>,
  listed: readonly ServerView[],
  wait: (ms: number) => Promise<void> = (ms) => new Promise((done) => setTimeout(done, ms)),
): Promise<Blocker | undefined> {
  let servers = listed;
  const deadline = Date.now() + CONNECT_WAIT_MS;
  const used = () => routine.servers.map((id) => servers.find((server) => server.id === id));
  while (
    used().some((server) => server?.isEnabled && SETTLING.has(server.status.state)) &&
    Date.now() < deadline
  ) {
    await wait(LOOK_EVERY_MS);
    servers = (await client.request('mcp/servers/get')).servers;
  }
  const problems: string[] = [];
  const signIn: string[] = [];
  routine.servers.forEach((id, index) => {
    const server = used()[index];
    if (!server) return problems.push('a server it uses was removed');
    if (!server.isEnabled) return problems.push(`${server.name} is switched off`);
    const { state, error, needsAccess } = server.status;
    if (state === 'connected') return;
    if (needsAccess?.length)
      return problems.push(`${server.name} needs site access (Servers › Allow access)`);
    if (SIGNED_OUT.has(state)) {
      signIn.push(server.id);
      return problems.push(`the sign-in to ${server.name} expired`);
    }
    problems.push(`${server.name} is down${error ? `: ${error}` : ''}`);
  });
  if (!problems.length) return undefined;
  const sentence = problems.join('; ');
  return {
    reason: `${sentence.charAt(0).toUpperCase()}${sentence.slice(1)}.`.slice(0, 500),
    ...(signIn.length && { signIn, onlySignIn: signIn.length === problems.length }),
  };
}
