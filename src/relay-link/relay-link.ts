/**
 * The extension's end of the relay (the relay protocol's `/extension` socket): it connects,
 * waits to be asked to `authenticate`, answers with its name and token, and from `authenticated`
 * on serves MCP, one server session per relay connection, routed by the connection prefix of
 * ids and the relay's connection tag (as relay/test/stand-in-extension.ts does). It is passive:
 * besides answers it sends only its sessions' notifications and questions, and a heartbeat the
 * relay drops. It lives in the offscreen host (link-host.ts), not in the service worker, so a
 * stopped service worker does not drop it. A lost socket is tried again with growing delays
 * (and the service worker's alarm tries again, should the host's timers be late); a refused or
 * expired token, and a name another of the person's browsers holds at the relay, are not tried
 * again until the settings change. A new connection's client is asked about before its session
 * is made (relay-admission.ts).
 *
 * Its parts: the socket and its heartbeat (link-socket.ts), the sessions (link-sessions.ts),
 * the retries' timing (link-retries.ts); the link keeps where it connects and how it stands.
 */
import type { JSONRPCMessage } from '@modelcontextprotocol/server';
import type { LinkState } from '../messaging/browser-link-contract';
import { finalCloseMessage } from './relay-closes';
import { createLinkSessions, type LinkSessionsOptions } from './link-sessions';
import { createRetries } from './link-retries';
import { createSocketHolder, type LinkSocket } from './link-socket';
import { readLinkMessage } from './relay-messages';
import { answerRelay, type ControlledLink } from './relay-control';

export { HEARTBEAT_MS, type LinkSocket } from './link-socket';
export type { LinkState };

export interface RelayLinkOptions extends LinkSessionsOptions {
  openSocket(url: string): LinkSocket;
  /** The state changed; a `retrying` one names when the link's own timer tries again. */
  onState(state: LinkState): void;
  now?: () => number;
}

export function createRelayLink(options: RelayLinkOptions) {
  const now = options.now ?? Date.now;
  let target: { url: string; token: string; name: string } | undefined;
  let state: LinkState = { state: 'off' };
  const sessions = createLinkSessions(options);
  const socket = createSocketHolder(options.openSocket);
  const retries = createRetries(now, () => void open());

  const setState = (next: LinkState) => {
    state = next;
    options.onState(next);
  };
  const stopSocket = () => {
    socket.stop();
    sessions.endAll();
  };
  const control: ControlledLink = {
    get state() {
      return state;
    },
    get target() {
      return target;
    },
    setState,
    up: () => retries.up(),
    drop: (connectionId) => sessions.drop(connectionId),
  };
  const retryLater = (error: string) =>
    retries.later((retryAt) => setState({ state: 'retrying', error, retryAt }));

  function handle(data: string, write: (outgoing: JSONRPCMessage) => void) {
    const read = readLinkMessage(data);
    if (!read) return;
    if (read.fromRelay) answerRelay(read, write, control);
    else if (state.state === 'connected') sessions.route(read, write);
  }

  function closed(event: { code: number; reason: string }) {
    sessions.endAll();
    const final = finalCloseMessage(event.code, event.reason);
    if (final !== undefined) return setState({ state: 'error', error: final });
    retryLater(
      state.state === 'connected'
        ? 'The connection to the relay was lost.'
        : 'Could not reach the relay. Is it running at that address?',
    );
  }

  async function open() {
    retries.cancel();
    if (!target) return;
    stopSocket();
    setState({ state: 'connecting' });
    try {
      socket.open(target.url, { message: handle, close: closed });
    } catch (error) {
      retryLater(`Could not open the connection: ${(error as Error).message}`);
    }
  }

  return {
    /** Connects (again) to this relay with this token and name. */
    connect(url: string, token: string, name: string): void {
      target = { url, token, name };
      retries.reset();
      void open();
    },
    /** The service worker's retry alarm fired: try now if a try is due and nothing is open. */
    retryNow(): void {
      if (target && state.state === 'retrying') void open();
    },
    disconnect(): void {
      target = undefined;
      retries.cancel();
      stopSocket();
      setState({ state: 'off' });
    },
    get state(): LinkState {
      return state;
    },
    /** The relay, token and name it connects to; undefined when disconnected. */
    get target(): { url: string; token: string; name: string } | undefined {
      return target;
    },
  };
}

export type RelayLink = ReturnType<typeof createRelayLink>;
