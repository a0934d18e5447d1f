/**
 * Several relay instances as one, through Redis (ioredis): each instance announces the browsers
 * whose sockets it holds (presence keys that expire unless refreshed), and instances reach each
 * other over pub/sub, one channel per instance. A client on instance B connecting to a browser
 * on instance A gets a port whose messages travel B → A and back; A attaches the connection to
 * the browser as if its client were local. An instance that stops refreshing its own key is
 * dead: its peers end the connections that went through it (`disconnected`), and its browsers'
 * presence expires (redis-presence.ts). Messages and presence records are signed
 * (redis-signing.ts): what another writer to the Redis puts there is dropped. Instances also tell
 * each other when a browser connects or leaves, so requests waiting for it elsewhere look again.
 */
import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import type { Directory, LocalDirectory } from './directory.js';
import type { ConnectionSink, ExtensionInfo, ExtensionPort } from './extension-host.js';
import { notificationOf, type Message } from './jsonrpc.js';
import type { Logger } from './log.js';
import { key, redactedUrl, type Presence } from './redis-keys.js';
import { PresenceRecords } from './redis-presence.js';
import { EVERYONE, RedisSigner } from './redis-signing.js';

/** What instances tell each other about a connection to a browser. */
type Body =
  | ({ connection: string } & (
      | { kind: 'attach'; extension: string; user: string }
      | { kind: 'send'; extension: string; message: Message }
      | { kind: 'detach'; extension: string }
      | { kind: 'deliver'; message: Message }
      | { kind: 'gone'; reason: string }
    ))
  /** To every instance: a browser connected to the sender, or left it. */
  | { kind: 'arrived' | 'left'; info: ExtensionInfo };
type Envelope = Body & { from: string };

export class RedisUnavailableError extends Error {
  override name = 'RedisUnavailableError';
}

export interface RedisDirectoryOptions {
  url: string;
  /** What messages and presence are signed with (the relay's secret, or its Redis key). */
  key: string;
  local: LocalDirectory;
  log: Logger;
  /** How long a presence lasts unrefreshed: how soon a dead instance is noticed. */
  ttlMs: number;
  /**
   * Another instance now holds this browser (it connected again there: `replaced`), or another
   * browser of its user holds its name (`name-taken`: its presence had lapsed meanwhile).
   */
  onTakenOver(extensionId: string, why: 'replaced' | 'name-taken'): void;
  /** Another instance says a browser connected to it, or left it (see browser-return.ts). */
  onAnnounced?(kind: 'arrived' | 'left', info: ExtensionInfo): void;
  /** A message went to another instance, or came from one (for /metrics). */
  onMessage?(direction: 'sent' | 'received'): void;
}

export class RedisDirectory implements Directory {
  readonly instance = randomUUID();
  /** Connections on this instance to browsers elsewhere. */
  readonly #remote = new Map<string, { sink: ConnectionSink; instance: string }>();
  /** Connections from other instances attached to browsers here. */
  readonly #proxied = new Map<string, { extension: string; instance: string }>();
  #beat: NodeJS.Timeout | undefined;
  #beating = false;
  readonly #signer: RedisSigner;
  readonly #presence: PresenceRecords;

  private constructor(
    private readonly options: RedisDirectoryOptions,
    private readonly commands: Redis,
    private readonly subscriber: Redis,
  ) {
    this.#signer = new RedisSigner(options.key, this.instance);
    this.#presence = new PresenceRecords(
      commands,
      this.#signer,
      this.instance,
      options.ttlMs,
      options.log,
    );
  }

  static async connect(options: RedisDirectoryOptions): Promise<RedisDirectory> {
    if (!options.key) throw new Error('Sharing through Redis needs a key to sign messages with.');
    const commands = new Redis(options.url, { lazyConnect: true, maxRetriesPerRequest: 3 });
    commands.on('error', (error: Error) =>
      options.log.warn('redis.error', { reason: error.message }),
    );
    try {
      await commands.connect();
    } catch (error) {
      commands.disconnect();
      throw new RedisUnavailableError(
        `Cannot reach Redis at ${redactedUrl(options.url)}: ${(error as Error).message}`,
      );
    }
    const subscriber = commands.duplicate();
    subscriber.on('error', (error: Error) =>
      options.log.warn('redis.error', { reason: error.message }),
    );
    const directory = new RedisDirectory(options, commands, subscriber);
    subscriber.on('message', (_channel: string, text: string) => directory.#receive(text));
    await subscriber.subscribe(key.channel(directory.instance), key.everyone);
    await directory.#heartbeat();
    directory.#beat = setInterval(() => void directory.#heartbeat(), options.ttlMs / 3);
    directory.#beat.unref();
    options.log.info('redis.joined', { instance: directory.instance });
    return directory;
  }

  /**
   * A browser connected to this instance: false (and nothing announced) when another browser
   * of its user, on any instance, holds its name.
   */
  async announce(info: ExtensionInfo): Promise<boolean> {
    if (!(await this.#presence.claimName(info))) return false;
    await this.#presence.announce(info);
    return true;
  }

  /** Whether Redis answers now (for /health). */
  get connected(): boolean {
    return this.commands.status === 'ready';
  }

  /** Tells every instance a browser connected here, or left here (requests may wait for it). */
  tell(kind: 'arrived' | 'left', info: ExtensionInfo): void {
    const { id, name, user } = info;
    this.#publish(EVERYONE, { kind, info: { id, name, user } });
  }

  /** A browser left this instance (its presence is removed unless another instance has it). */
  withdraw(info: ExtensionInfo): Promise<void> {
    return this.#presence.withdraw(info);
  }

  async list(user: string): Promise<ExtensionInfo[]> {
    return (await this.#presence.list(user)).map(({ id, name, user: owner }) => ({
      id,
      name,
      user: owner,
    }));
  }

  async get(user: string, extensionId: string): Promise<ExtensionPort | undefined> {
    const local = this.options.local.local(extensionId);
    if (local) return local.info.user === user ? local : undefined;
    const presence = await this.#presence.get(extensionId);
    if (!presence || presence.user !== user || presence.instance === this.instance) return;
    return this.#remotePort(presence);
  }

  #remotePort(presence: Presence): ExtensionPort {
    const info: ExtensionInfo = { id: presence.id, name: presence.name, user: presence.user };
    const to = presence.instance;
    return {
      info,
      attach: (connection, sink) => {
        this.#remote.set(connection, { sink, instance: to });
        this.#publish(to, { kind: 'attach', connection, extension: info.id, user: info.user });
      },
      detach: (connection) => {
        if (this.#remote.delete(connection))
          this.#publish(to, { kind: 'detach', connection, extension: info.id });
      },
      send: (connection, message) =>
        this.#publish(to, { kind: 'send', connection, extension: info.id, message }),
    };
  }

  #receive(text: string): void {
    const opened = this.#signer.open(text);
    if (!opened.ok) {
      // Not from an instance with the key (or played again): dropped, its contents unlogged.
      this.options.log.warn('redis.message_dropped', { reason: opened.reason });
      return;
    }
    const envelope = opened.envelope as unknown as Envelope;
    if ('info' in envelope) {
      if (envelope.from === this.instance) return; // its own announcement, back from `everyone`
      this.options.onMessage?.('received');
      this.options.onAnnounced?.(envelope.kind, envelope.info);
      return;
    }
    this.options.onMessage?.('received');
    const { connection, from } = envelope;
    const proxied = this.#proxied.get(connection);
    // Only the instance that attached a connection speaks for it, and only for its browser.
    const fromItsInstance =
      'extension' in envelope &&
      proxied?.instance === from &&
      proxied.extension === envelope.extension;
    switch (envelope.kind) {
      case 'attach': {
        const host = this.options.local.local(envelope.extension);
        if (!host || host.info.user !== envelope.user || proxied) {
          this.#publish(from, { kind: 'gone', connection, reason: 'The browser left.' });
          return;
        }
        this.#proxied.set(connection, { extension: envelope.extension, instance: from });
        host.attach(connection, {
          deliver: (message) => this.#publish(from, { kind: 'deliver', connection, message }),
          gone: (reason) => {
            this.#proxied.delete(connection);
            this.#publish(from, { kind: 'gone', connection, reason });
          },
        });
        return;
      }
      case 'send':
        if (fromItsInstance) {
          this.options.local.local(envelope.extension)?.send(connection, envelope.message);
        } else {
          // Not attached here (any more): its client must hear that its browser is gone.
          this.#publish(from, { kind: 'gone', connection, reason: 'The browser left.' });
        }
        return;
      case 'detach':
        if (!fromItsInstance) return;
        this.#proxied.delete(connection);
        this.options.local.local(envelope.extension)?.detach(connection);
        return;
      case 'deliver':
        if (this.#remote.get(connection)?.instance === from) {
          this.#remote.get(connection)?.sink.deliver(envelope.message);
        }
        return;
      case 'gone': {
        const remote = this.#remote.get(connection);
        if (remote?.instance !== from) return;
        this.#remote.delete(connection);
        remote.sink.gone(envelope.reason);
      }
    }
  }

  #publish(instance: string, body: Body): void {
    const text = this.#signer.seal(instance, body);
    this.options.onMessage?.('sent');
    this.commands
      .publish(instance === EVERYONE ? key.everyone : key.channel(instance), text)
      .catch((error: Error) =>
        this.options.log.warn('redis.publish_failed', { reason: error.message }),
      );
  }

  /** Refreshes this instance's keys and looks for instances that died. */
  async #heartbeat(): Promise<void> {
    const { ttlMs, local } = this.options;
    if (this.#beating) return; // the last beat is still going (a slow Redis)
    this.#beating = true;
    try {
      await this.commands.set(key.instance(this.instance), '1', 'PX', ttlMs);
      for (const port of local.ports()) {
        const presence = await this.#presence.get(port.info.id);
        if (presence && presence.instance !== this.instance) {
          this.options.onTakenOver(port.info.id, 'replaced');
          continue;
        }
        // The name's hold is refreshed with the presence; lost (both lapsed), it is let go.
        if (!(await this.#presence.claimName(port.info))) {
          this.options.onTakenOver(port.info.id, 'name-taken');
          continue;
        }
        // Expired (Redis was away): announced again unless another instance has it.
        if (presence) await this.#presence.refresh(port.info.id);
        else await this.#presence.announce(port.info, true);
      }
      const peers = new Set(
        [...this.#remote.values(), ...this.#proxied.values()].map((each) => each.instance),
      );
      for (const peer of peers) {
        if (await this.commands.exists(key.instance(peer))) continue;
        this.options.log.warn('redis.instance_gone', { instance: peer });
        this.#peerGone(peer);
      }
    } catch (error) {
      this.options.log.warn('redis.heartbeat_failed', { reason: (error as Error).message });
    } finally {
      this.#beating = false;
    }
  }

  #peerGone(peer: string): void {
    for (const [connection, remote] of [...this.#remote]) {
      if (remote.instance !== peer) continue;
      this.#remote.delete(connection);
      remote.sink.gone('The relay instance holding the browser stopped.');
    }
    for (const [connection, proxied] of [...this.#proxied]) {
      if (proxied.instance !== peer) continue;
      this.#proxied.delete(connection);
      const host = this.options.local.local(proxied.extension);
      host?.send(
        connection,
        notificationOf('disconnected', {
          connection_id: connection,
          reason: "The relay instance holding the client's connection stopped.",
        }),
      );
      host?.detach(connection);
    }
  }

  async close(): Promise<void> {
    clearInterval(this.#beat);
    for (const port of this.options.local.ports()) await this.withdraw(port.info).catch(() => {});
    await this.commands.del(key.instance(this.instance)).catch(() => 0);
    this.subscriber.disconnect();
    await this.commands.quit().catch(() => 'OK');
  }
}
