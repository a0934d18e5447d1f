/**
 * Connections to browsers across instances: a client here connected to a browser on another
 * instance (`remote`: its messages travel here → there and back), and a client on another
 * instance attached to a browser here (`proxied`: attached as if its client were local). Only
 * the instance that attached a connection speaks for it, and only for its browser. When the way
 * between instances is lost (the peer died, Redis went away, a message could not be sent), both
 * ends hear it at once: the client `disconnected` (its requests in flight fail), the browser
 * `disconnected` for that connection; nothing waits for an answer that cannot come. An instance
 * that ends a connection because its peer looks gone still tells the peer (best effort): a peer
 * only looks gone when its key lapsed, which a slow heartbeat under load also does, and a live
 * peer not told would keep its requests waiting for answers that will not come.
 */
import type { LocalDirectory } from '../browsers/directory.js';
import type { ConnectionSink, ExtensionPort } from '../browsers/extension-host.js';
import { notificationOf, type Message } from '../wire/jsonrpc.js';
import type { Presence } from './keys.js';

/** What instances tell each other about a connection to a browser. */
export type ConnectionBody = { connection: string } & (
  | { kind: 'attach'; extension: string; user: string }
  /** The browser's instance took the attach (the way back works). */
  | { kind: 'attached' }
  | { kind: 'send'; extension: string; message: Message }
  | { kind: 'detach'; extension: string }
  | { kind: 'deliver'; message: Message }
  | { kind: 'gone'; reason: string }
);

/** Sends a body to an instance; false when it could not be sent (Redis away). */
export type Publish<Body> = (instance: string, body: Body) => Promise<boolean>;

/**
 * How long an attach may go unanswered. Pub/sub keeps nothing: right after Redis comes back,
 * an instance that has not subscribed again loses what is sent to it, and the browser's
 * instance may not be able to answer yet. Without an answer the connection ends with a clear
 * error instead of its requests waiting for ever.
 */
export const ATTACH_ANSWER_MS = 5_000;

interface Remote {
  sink: ConnectionSink;
  instance: string;
  /** The browser's id (a detach names it). */
  extension: string;
  /** Until the browser's instance answers the attach. */
  unanswered?: ReturnType<typeof setTimeout>;
}

export class InstanceConnections {
  /** Connections on this instance to browsers elsewhere. */
  readonly #remote = new Map<string, Remote>();
  /** Connections from other instances attached to browsers here. */
  readonly #proxied = new Map<string, { extension: string; instance: string }>();

  constructor(
    private readonly local: LocalDirectory,
    private readonly publish: Publish<ConnectionBody>,
    private readonly attachAnswerMs = ATTACH_ANSWER_MS,
  ) {}

  /** The instances this one has connections with. */
  peers(): string[] {
    return [...this.#remote.values(), ...this.#proxied.values()].map((each) => each.instance);
  }

  /** A browser on another instance, as a port whose messages travel there. */
  port(presence: Presence): ExtensionPort {
    const info = { id: presence.id, name: presence.name, user: presence.user };
    const to = presence.instance;
    const sendOrLose = (connection: string, body: ConnectionBody) =>
      void this.publish(to, body).then((sent) => {
        if (!sent) this.#remoteLost(connection, 'The relay lost its way to the browser (Redis).');
      });
    return {
      info,
      attach: (connection, sink) => {
        const unanswered = setTimeout(
          () =>
            this.#remoteLost(
              connection,
              'The relay instance holding the browser did not answer; try again.',
            ),
          this.attachAnswerMs,
        );
        this.#remote.set(connection, { sink, instance: to, extension: info.id, unanswered });
        sendOrLose(connection, { kind: 'attach', connection, extension: info.id, user: info.user });
      },
      detach: (connection) => {
        const remote = this.#remote.get(connection);
        if (!remote) return;
        clearTimeout(remote.unanswered);
        this.#remote.delete(connection);
        void this.publish(to, { kind: 'detach', connection, extension: info.id });
      },
      send: (connection, message) =>
        sendOrLose(connection, { kind: 'send', connection, extension: info.id, message }),
    };
  }

  receive(from: string, body: ConnectionBody): void {
    const { connection } = body;
    const proxied = this.#proxied.get(connection);
    const fromItsInstance =
      'extension' in body && proxied?.instance === from && proxied.extension === body.extension;
    switch (body.kind) {
      case 'attach': {
        const host = this.local.local(body.extension);
        if (!host || host.info.user !== body.user || proxied) {
          void this.publish(from, { kind: 'gone', connection, reason: 'The browser left.' });
          return;
        }
        this.#proxied.set(connection, { extension: body.extension, instance: from });
        void this.publish(from, { kind: 'attached', connection }).then((sent) => {
          if (!sent) this.#proxiedLost(connection, "The relay lost its way to the client's.");
        });
        host.attach(connection, {
          deliver: (message) =>
            void this.publish(from, { kind: 'deliver', connection, message }).then((sent) => {
              if (!sent) this.#proxiedLost(connection, "The relay lost its way to the client's.");
            }),
          gone: (reason) => {
            this.#proxied.delete(connection);
            void this.publish(from, { kind: 'gone', connection, reason });
          },
        });
        return;
      }
      case 'send':
        if (fromItsInstance) {
          this.local.local(body.extension)?.send(connection, body.message);
        } else {
          // Not attached here (any more): its client must hear that its browser is gone.
          void this.publish(from, { kind: 'gone', connection, reason: 'The browser left.' });
        }
        return;
      case 'detach':
        if (!fromItsInstance) return;
        this.#proxied.delete(connection);
        this.local.local(body.extension)?.detach(connection);
        return;
      case 'attached':
        this.#answered(connection, from);
        return;
      case 'deliver':
        this.#answered(connection, from)?.sink.deliver(body.message);
        return;
      case 'gone': {
        const remote = this.#answered(connection, from);
        if (!remote) return;
        this.#remote.delete(connection);
        remote.sink.gone(body.reason);
      }
    }
  }

  /** An instance stopped (its key lapsed): every connection through it ends, on both sides. */
  peerGone(peer: string): void {
    this.#endWith((instance) => instance === peer, {
      remote: 'The relay instance holding the browser stopped.',
      proxied: "The relay instance holding the client's connection stopped.",
      told: 'The relay instance holding the browser lost sight of this one; connect again.',
    });
  }

  /**
   * Redis went away: what was on its way between instances may be lost, so every connection
   * through another instance ends now rather than leave requests waiting for lost answers.
   */
  allLost(): void {
    const reason = 'The relay lost its connection to Redis.';
    this.#endWith(() => true, {
      remote: reason,
      proxied: reason,
      told: 'The relay instance holding the browser lost its connection to Redis; connect again.',
    });
  }

  /**
   * Ends the connections with the instances `which` names, here and (best effort) there: a
   * browser's instance tells the client's why (`told`), in the client's words.
   */
  #endWith(
    which: (instance: string) => boolean,
    reasons: { remote: string; proxied: string; told: string },
  ): void {
    for (const [connection, remote] of [...this.#remote]) {
      if (!which(remote.instance)) continue;
      this.#remoteLost(connection, reasons.remote);
      // As a client letting go says it: the browser drops what it kept for the connection.
      const extension = remote.extension;
      const disconnected = notificationOf('disconnected', {
        connection_id: connection,
        reason: reasons.remote,
      });
      void this.publish(remote.instance, {
        kind: 'send',
        connection,
        extension,
        message: disconnected,
      });
      void this.publish(remote.instance, { kind: 'detach', connection, extension });
    }
    for (const [connection, proxied] of [...this.#proxied]) {
      if (!which(proxied.instance)) continue;
      this.#proxiedLost(connection, reasons.proxied);
      void this.publish(proxied.instance, { kind: 'gone', connection, reason: reasons.told });
    }
  }

  /** A connection's remote end, when `from` holds it: it answered, so it is waited for no more. */
  #answered(connection: string, from: string): Remote | undefined {
    const remote = this.#remote.get(connection);
    if (remote?.instance !== from) return undefined;
    clearTimeout(remote.unanswered);
    remote.unanswered = undefined;
    return remote;
  }

  #remoteLost(connection: string, reason: string): void {
    const remote = this.#remote.get(connection);
    if (!remote) return;
    clearTimeout(remote.unanswered);
    this.#remote.delete(connection);
    remote.sink.gone(reason);
  }

  #proxiedLost(connection: string, reason: string): void {
    const proxied = this.#proxied.get(connection);
    if (!proxied) return;
    this.#proxied.delete(connection);
    const host = this.local.local(proxied.extension);
    host?.send(connection, notificationOf('disconnected', { connection_id: connection, reason }));
    host?.detach(connection);
  }
}
