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

/** What an edit changes for a server's connection and sign-in. */
export function configChanges(previous: ServerConfig, next: ServerConfig) {
  const endpoint = previous.url !== next.url;
  const auth = endpoint || JSON.stringify(previous.oauth) !== JSON.stringify(next.oauth);
  const connection = auth || JSON.stringify(previous.headers) !== JSON.stringify(next.headers);
  return { endpoint, auth, connection };
}

/**
 * Applies an edited configuration, reconnecting only when what the connection uses changed.
 * When the sign-in changes (another endpoint or client), the caller has already forgotten the
 * old credentials (`AuthSession.forget`), before the new configuration was stored.
 */
export async function reconfigure(session: ServerSession, config: ServerConfig): Promise<void> {
  const changes = configChanges(session.config, config);
  session.config = config;
  if (changes.auth) {
    session.auth = createAuthSession(config, session.context);
    await session.auth.load();
    session.authDemanded = false;
    session.lastChallenge = undefined;
  }
  if (changes.endpoint) await session.forgetTransport();
  if (changes.connection) {
    await session.shutDown({ terminate: true });
    session.toolCache.clear();
    session.setStatus({ state: 'disconnected' });
    if (session.isEnabled) session.startConnecting();
  }
}
