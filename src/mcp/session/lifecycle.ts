import type { ServerConfig } from '../catalog';
import { storageKeys } from '../storage-keys';
import { createAuthSession, signInWith } from './auth-flow';
import type { ServerSession } from './server-session';
import { signInNeeded } from './status';

/**
 * What people do to a server (switch it on or off, sign in or out, edit it), as steps on its
 * {@link ServerSession}.
 */

export async function enableServer(session: ServerSession): Promise<void> {
  session.isEnabled = true;
  await session.context.store.set({ [storageKeys.enabled(session.id)]: true });
  if (session.isConnected) return;
  await session.ensureConnected({ fresh: true }).catch(() => undefined);
  // Switching on a server that needs a sign-in starts it (the status moves to `registering` at
  // once); the browser window is the next step.
  if (session.needsSignIn() && session.status.state !== 'invalid-token') {
    signInThenConnect(session).catch(() => undefined); // the status carries the outcome
  }
}

export async function disableServer(session: ServerSession): Promise<void> {
  session.isEnabled = false;
  await session.context.store.set({ [storageKeys.enabled(session.id)]: false });
  await session.shutDown({ terminate: true });
  session.setStatus({ state: 'disconnected' });
  session.toolsChanged();
}

/** Signs out: ends the session, revokes and forgets the tokens, keeps the configuration. */
export async function signOut(session: ServerSession): Promise<void> {
  await session.shutDown({ terminate: true });
  await session.auth.signOut();
  session.lastChallenge = undefined;
  session.setStatus(
    session.needsSignIn() ? signInNeeded(session.config.name) : { state: 'disconnected' },
  );
  session.toolsChanged();
}

/**
 * Interactive sign-in (`auth/start`): needs-auth → registering → authorizing →
 * authenticated → connecting → connected. A failed sign-in stores nothing and says why.
 */
export async function signInThenConnect(session: ServerSession): Promise<void> {
  await signInWith(session, {});
  if (session.isEnabled) await session.reconnect();
}

/** Applies an edited configuration, reconnecting only when what the connection uses changed. */
export async function reconfigure(session: ServerSession, config: ServerConfig): Promise<void> {
  const previous = session.config;
  const { store } = session.context;
  const endpointChanged = previous.url !== config.url;
  const authChanged =
    endpointChanged || JSON.stringify(previous.oauth) !== JSON.stringify(config.oauth);
  const connectionChanged =
    authChanged || JSON.stringify(previous.headers) !== JSON.stringify(config.headers);
  if (authChanged) {
    // Tokens and registrations belong to the old endpoint and client: sign out of them.
    await session.auth.signOut();
    await store.remove([
      storageKeys.client(session.id),
      storageKeys.oauthEndpoints(session.id),
      storageKeys.preRegisteredIssuer(session.id),
    ]);
  }
  session.config = config;
  if (authChanged) {
    session.auth = createAuthSession(config, session.context);
    session.authDemanded = false;
    session.lastChallenge = undefined;
  }
  if (endpointChanged) await session.forgetTransport();
  if (connectionChanged) {
    await session.shutDown({ terminate: true });
    session.toolCache.clear();
    session.setStatus({ state: 'disconnected' });
    if (session.isEnabled) session.startConnecting();
  }
}
