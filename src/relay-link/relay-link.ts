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
 */
import type { JSONRPCMessage, McpServer } from '@modelcontextprotocol/server';
import { serveStdio, type StdioServerHandle } from '@modelcontextprotocol/server/stdio';
import type { LinkState } from '../messaging/browser-link-contract';
import { CLIENT_META, CONNECTION_META, HEARTBEAT_METHOD } from '../../relay/src/wire/tags';
import { RelayConnectionTransport } from './connection-transport';
import { finalCloseMessage } from './relay-closes';
import { createAdmissions, type Refusal } from './relay-admission';

export const HEARTBEAT_MS = 20_000;
const RETRY_DELAYS_MS = [1_000, 2_000, 5_000, 10_000, 30_000, 60_000];
/** A link that stayed up this long starts its retry count over. */
const STABLE_MS = 60_000;

/** The parts of a WebSocket the link uses (the browser's, or `ws` in Node tests). */
export interface LinkSocket {
  readonly readyState: number;
  send(data: string): void;
  close(code?: number, reason?: string): void;
  addEventListener(type: 'open', listener: () => void): void;
  addEventListener(type: 'message', listener: (event: { data: unknown }) => void): void;
  addEventListener(
    type: 'close',
    listener: (event: { code: number; reason: string }) => void,
  ): void;
  addEventListener(type: 'error', listener: () => void): void;
}

export type { LinkState };

export interface RelayLinkOptions {
  openSocket(url: string): LinkSocket;
  /** The MCP server for a new relay connection. */
  serverFor(connectionId: string): McpServer;
  /**
   * Why a new connection's client (the relay's `io.patchbay/client` tag: its user and token id;
   * undefined when untagged) gets no session; undefined when it may have one.
   */
  refusal?: Refusal;
  /** A relay connection ended (its client left, or the link went down). */
  onConnectionEnded(connectionId: string): void;
  /** The state changed; a `retrying` one names when the link's own timer tries again. */
  onState(state: LinkState): void;
  now?: () => number;
}

interface Session {
  transport: RelayConnectionTransport;
  handle: StdioServerHandle;
}

const CONNECTION_PREFIX = /^(conn-[^:]+):/;
/** The id of the relay's one request (relay protocol). */
const AUTH_REQUEST_ID = 'proxy:1';

export function createRelayLink(options: RelayLinkOptions) {
  const now = options.now ?? Date.now;
  let socket: LinkSocket | undefined;
  let target: { url: string; token: string; name: string } | undefined;
  let state: LinkState = { state: 'off' };
  let attempt = 0;
  let upSince: number | undefined;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;
  let heartbeat: ReturnType<typeof setInterval> | undefined;
  const sessions = new Map<string, Session>();
  const admissions = options.refusal && createAdmissions(options.refusal);

  const setState = (next: LinkState) => {
    state = next;
    options.onState(next);
  };

  function endSessions() {
    admissions?.clear();
    for (const [connectionId, session] of sessions) {
      void session.handle.close();
      options.onConnectionEnded(connectionId);
    }
    sessions.clear();
  }

  function sessionFor(connectionId: string, write: (message: JSONRPCMessage) => void) {
    const known = sessions.get(connectionId);
    if (known) return known.transport;
    const transport = new RelayConnectionTransport(connectionId, write);
    const handle = serveStdio(() => options.serverFor(connectionId), { transport });
    sessions.set(connectionId, { transport, handle });
    return transport;
  }

  function dropSession(connectionId: string) {
    admissions?.forget(connectionId);
    const session = sessions.get(connectionId);
    if (!session) return;
    sessions.delete(connectionId);
    void session.handle.close();
    options.onConnectionEnded(connectionId);
  }

  function stopSocket() {
    clearInterval(heartbeat);
    heartbeat = undefined;
    const old = socket;
    socket = undefined;
    if (old && old.readyState <= 1) old.close(1000, 'Disconnected in Patchbay');
    endSessions();
  }

  function retryLater(error: string) {
    const stable = upSince !== undefined && now() - upSince >= STABLE_MS;
    if (stable) attempt = 0;
    upSince = undefined;
    const delay = RETRY_DELAYS_MS[Math.min(attempt, RETRY_DELAYS_MS.length - 1)]!;
    attempt += 1;
    const retryAt = now() + delay;
    setState({ state: 'retrying', error, retryAt });
    clearTimeout(retryTimer);
    retryTimer = setTimeout(() => void open(), delay);
  }

  function handle(current: LinkSocket, data: unknown) {
    if (current !== socket || typeof data !== 'string') return;
    let message: Record<string, unknown>;
    try {
      message = JSON.parse(data) as Record<string, unknown>;
    } catch {
      return; // the relay sends JSON; anything else is not for us
    }
    if (typeof message !== 'object' || message === null) return;
    const params = (message.params ?? {}) as Record<string, unknown>;
    const write = (outgoing: JSONRPCMessage) => {
      if (socket === current && current.readyState === 1) current.send(JSON.stringify(outgoing));
    };
    const meta = params._meta as Record<string, unknown> | undefined;
    // The relay's own messages carry no connection: a client's (which a relay passes on with
    // a `conn-` id or the relay's tags) must never be taken for one, or a client could ask
    // for the token with `authenticate`, or end another client's session.
    const fromRelay =
      typeof message.method === 'string' &&
      !(typeof message.id === 'string' && CONNECTION_PREFIX.test(message.id)) &&
      meta?.[CONNECTION_META] === undefined &&
      meta?.[CLIENT_META] === undefined;
    if (fromRelay) handleRelay(message, params, write);
    else route(message, params, meta, write);
  }

  /** The relay's control messages: authenticate (once, as `proxy:1`), authenticated, status, disconnected. */
  function handleRelay(
    message: Record<string, unknown>,
    params: Record<string, unknown>,
    write: (outgoing: JSONRPCMessage) => void,
  ) {
    switch (message.method) {
      case 'authenticate':
        if (message.id !== AUTH_REQUEST_ID || state.state !== 'connecting') return;
        write({
          jsonrpc: '2.0',
          id: message.id as string,
          result: { name: target?.name ?? 'Patchbay', accessToken: target?.token ?? '' },
        });
        return;
      case 'authenticated':
        if (state.state !== 'connecting') return;
        upSince = now();
        setState({
          state: 'connected',
          extensionId: typeof params.extension_id === 'string' ? params.extension_id : '',
          peers: 0,
        });
        return;
      case 'status':
        if (state.state === 'connected' && typeof params.peer_count === 'number')
          setState({ ...state, peers: params.peer_count });
        return;
      case 'disconnected':
        if (typeof params.connection_id === 'string') dropSession(params.connection_id);
        return;
    }
  }

  /** A client's message, to its connection's session. */
  function route(
    message: Record<string, unknown>,
    params: Record<string, unknown>,
    meta: Record<string, unknown> | undefined,
    write: (outgoing: JSONRPCMessage) => void,
  ) {
    if (state.state !== 'connected') return;
    const connectionId =
      (typeof message.id === 'string' ? CONNECTION_PREFIX.exec(message.id)?.[1] : undefined) ??
      RelayConnectionTransport.connectionOfAnswer(message.id) ??
      (typeof meta?.[CONNECTION_META] === 'string'
        ? (meta[CONNECTION_META] as string)
        : undefined) ??
      (typeof params.requestId === 'string'
        ? CONNECTION_PREFIX.exec(params.requestId)?.[1]
        : undefined);
    if (!connectionId) return;
    const session = sessions.get(connectionId);
    if (session) return session.transport.receive(message as JSONRPCMessage);
    if (admissions?.hold(connectionId, message)) return;
    // Only a request starts a session: an answer or notification for one that is gone is dropped.
    if (typeof message.method !== 'string' || message.id === undefined) return;
    const admitted = (messages: Record<string, unknown>[]) => {
      const transport = sessionFor(connectionId, write);
      for (const each of messages) transport.receive(each as JSONRPCMessage);
    };
    if (!admissions) return admitted([message]);
    admissions.ask(connectionId, message, meta, { admitted, write });
  }

  async function open() {
    clearTimeout(retryTimer);
    if (!target) return;
    stopSocket();
    setState({ state: 'connecting' });
    let current: LinkSocket;
    try {
      current = options.openSocket(target.url);
    } catch (error) {
      retryLater(`Could not open the connection: ${(error as Error).message}`);
      return;
    }
    socket = current;
    current.addEventListener('open', () => {
      if (socket !== current) return;
      heartbeat = setInterval(() => {
        if (socket === current && current.readyState === 1)
          current.send(JSON.stringify({ jsonrpc: '2.0', method: HEARTBEAT_METHOD }));
      }, HEARTBEAT_MS);
    });
    current.addEventListener('message', (event) => handle(current, event.data));
    current.addEventListener('error', () => undefined); // a close follows, which says more
    current.addEventListener('close', (event) => {
      if (socket !== current) return;
      socket = undefined;
      clearInterval(heartbeat);
      endSessions();
      const final = finalCloseMessage(event.code, event.reason);
      if (final !== undefined) {
        setState({ state: 'error', error: final });
        return;
      }
      retryLater(
        state.state === 'connected'
          ? 'The connection to the relay was lost.'
          : 'Could not reach the relay. Is it running at that address?',
      );
    });
  }

  return {
    /** Connects (again) to this relay with this token and name. */
    connect(url: string, token: string, name: string): void {
      target = { url, token, name };
      attempt = 0;
      void open();
    },
    /** The service worker's retry alarm fired: try now if a try is due and nothing is open. */
    retryNow(): void {
      if (target && state.state === 'retrying') void open();
    },
    disconnect(): void {
      target = undefined;
      clearTimeout(retryTimer);
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
