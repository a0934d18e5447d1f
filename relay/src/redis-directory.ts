/**
 * Several relay instances as one, through Redis (ioredis): each instance announces the browsers
 * whose sockets it holds (presence keys that expire unless refreshed), and instances reach each
 * other over pub/sub, one channel per instance. A client on instance B connecting to a browser
 * on instance A gets a port whose messages travel B → A and back; A attaches the connection to
 * the browser as if its client were local. An instance that stops refreshing its own key is
 * dead: its peers end the connections that went through it (`disconnected`), and its browsers'
 * presence expires.
 */
import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import type { Directory, LocalDirectory } from './directory.js';
import type { ConnectionSink, ExtensionInfo, ExtensionPort } from './extension-host.js';
import { notificationOf, type Message } from './jsonrpc.js';
import type { Logger } from './log.js';

const PREFIX = 'patchbay-relay';
const key = {
  instance: (id: string) => `${PREFIX}:instance:${id}`,
  extension: (id: string) => `${PREFIX}:extension:${id}`,
  user: (user: string) => `${PREFIX}:user:${user}`,
  channel: (instance: string) => `${PREFIX}:to:${instance}`,
};

interface Presence extends ExtensionInfo {
  instance: string;
  since: number;
}

/** What instances tell each other about a connection to a browser. */
type Body = { connection: string } & (
  | { kind: 'attach'; extension: string }
  | { kind: 'send'; extension: string; message: Message }
  | { kind: 'detach'; extension: string }
  | { kind: 'deliver'; message: Message }
  | { kind: 'gone'; reason: string }
);
type Envelope = Body & { from: string };

export class RedisUnavailableError extends Error {
  override name = 'RedisUnavailableError';
}

export interface RedisDirectoryOptions {
  url: string;
  local: LocalDirectory;
  log: Logger;
  /** How long a presence lasts unrefreshed: how soon a dead instance is noticed. */
  ttlMs: number;
  /** Another instance now holds this browser (it connected again there). */
  onTakenOver(extensionId: string): void;
}

export class RedisDirectory implements Directory {
  readonly instance = randomUUID();
  /** Connections on this instance to browsers elsewhere. */
  readonly #remote = new Map<string, { sink: ConnectionSink; instance: string }>();
  /** Connections from other instances attached to browsers here. */
  readonly #proxied = new Map<string, { extension: string; instance: string }>();
  #beat: NodeJS.Timeout | undefined;

  private constructor(
    private readonly options: RedisDirectoryOptions,
    private readonly commands: Redis,
    private readonly subscriber: Redis,
  ) {}

  static async connect(options: RedisDirectoryOptions): Promise<RedisDirectory> {
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
    await subscriber.subscribe(key.channel(directory.instance));
    await directory.#heartbeat();
    directory.#beat = setInterval(() => void directory.#heartbeat(), options.ttlMs / 3);
    directory.#beat.unref();
    options.log.info('redis.joined', { instance: directory.instance });
    return directory;
  }

  /** A browser connected to this instance. */
  async announce(info: ExtensionInfo): Promise<void> {
    const presence: Presence = { ...info, instance: this.instance, since: Date.now() };
    await this.commands
      .multi()
      .set(key.extension(info.id), JSON.stringify(presence), 'PX', this.options.ttlMs)
      .sadd(key.user(info.user), info.id)
      .exec();
  }

  /** A browser left this instance (its presence is removed unless another instance has it). */
  async withdraw(info: ExtensionInfo): Promise<void> {
    const presence = await this.#presence(info.id);
    if (presence?.instance !== this.instance) return;
    await this.commands
      .multi()
      .del(key.extension(info.id))
      .srem(key.user(info.user), info.id)
      .exec();
  }

  async list(user: string): Promise<ExtensionInfo[]> {
    const ids = await this.commands.smembers(key.user(user));
    if (ids.length === 0) return [];
    const values = await this.commands.mget(ids.map((id) => key.extension(id)));
    const live: Presence[] = [];
    const stale: string[] = [];
    values.forEach((value, index) => {
      const presence = value ? (JSON.parse(value) as Presence) : undefined;
      if (presence?.user === user) live.push(presence);
      else stale.push(ids[index]!);
    });
    if (stale.length) await this.commands.srem(key.user(user), ...stale);
    return live
      .sort((a, b) => a.since - b.since)
      .map(({ id, name, user: owner }) => ({ id, name, user: owner }));
  }

  async get(user: string, extensionId: string): Promise<ExtensionPort | undefined> {
    const local = this.options.local.local(extensionId);
    if (local) return local.info.user === user ? local : undefined;
    const presence = await this.#presence(extensionId);
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
        this.#publish(to, { kind: 'attach', connection, extension: info.id });
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
    let envelope: Envelope;
    try {
      envelope = JSON.parse(text) as Envelope;
    } catch {
      return;
    }
    const { connection, from } = envelope;
    switch (envelope.kind) {
      case 'attach': {
        const host = this.options.local.local(envelope.extension);
        if (!host) {
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
        this.options.local.local(envelope.extension)?.send(connection, envelope.message);
        return;
      case 'detach':
        this.#proxied.delete(connection);
        this.options.local.local(envelope.extension)?.detach(connection);
        return;
      case 'deliver':
        this.#remote.get(connection)?.sink.deliver(envelope.message);
        return;
      case 'gone': {
        const remote = this.#remote.get(connection);
        this.#remote.delete(connection);
        remote?.sink.gone(envelope.reason);
      }
    }
  }

  #publish(instance: string, body: Body): void {
    const text = JSON.stringify({ ...body, from: this.instance });
    this.commands
      .publish(key.channel(instance), text)
      .catch((error: Error) =>
        this.options.log.warn('redis.publish_failed', { reason: error.message }),
      );
  }

  async #presence(extensionId: string): Promise<Presence | undefined> {
    const value = await this.commands.get(key.extension(extensionId));
    return value ? (JSON.parse(value) as Presence) : undefined;
  }

  /** Refreshes this instance's keys and looks for instances that died. */
  async #heartbeat(): Promise<void> {
    const { ttlMs, local } = this.options;
    try {
      await this.commands.set(key.instance(this.instance), '1', 'PX', ttlMs);
      for (const port of local.ports()) {
        const presence = await this.#presence(port.info.id);
        if (presence && presence.instance !== this.instance) {
          this.options.onTakenOver(port.info.id);
          continue;
        }
        await this.commands.pexpire(key.extension(port.info.id), ttlMs);
        if (!presence) await this.announce(port.info);
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

/** A Redis URL without its password, for messages. */
function redactedUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return 'the configured URL';
  }
}
