/**
 * Several relay instances as one, through Redis (ioredis): each instance announces the browsers
 * whose sockets it holds (presence keys that expire unless refreshed), and instances reach each
 * other over pub/sub, one channel per instance. A client on instance B connecting to a browser
 * on instance A gets a port whose messages travel B → A and back; A attaches the connection to
 * the browser as if its client were local. An instance that stops refreshing its own key
 * (heartbeat.ts) is dead: its peers end the connections that went through it
 * (`disconnected`), and its browsers' presence expires (presence.ts). Connections across
 * instances are instance-connections.ts; HTTP sessions held by one instance and used through
 * another are shared-sessions.ts. Messages (signed batches, instance-messages.ts) and
 * presence records are signed: what another writer to the Redis puts there is dropped.
 * Instances also tell each other when a browser connects or leaves (before its presence goes:
 * departures.ts), so requests waiting for it elsewhere look again. While Redis is away,
 * each instance serves its own browsers; when it comes back, each subscribes and announces its
 * browsers and sessions again at once.
 */
import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';
import type { Directory, LocalDirectory } from '../browsers/directory.js';
import type { ExtensionInfo, ExtensionPort } from '../browsers/extension-host.js';
import type { Logger } from '../monitoring/log.js';
import { InstanceConnections, type ConnectionBody } from './instance-connections.js';
import { InstanceExchanges, type ExchangeBody } from './instance-exchanges.js';
import { Departures } from './departures.js';
import { Heartbeat } from './heartbeat.js';
import { openRedisClients } from './ioredis-clients.js';
import { key } from './keys.js';
import { InstanceMessages } from './instance-messages.js';
import { PresenceRecords } from './presence.js';
import { SessionRecords } from './session-records.js';
import { SharedSessions } from './shared-sessions.js';
import { EVERYONE, RedisSigner } from './signing.js';

/** What instances tell each other. */
type Body =
  | ConnectionBody
  | ExchangeBody
  /** To every instance: a browser connected to the sender, or left it. */
  | { kind: 'arrived' | 'left'; info: ExtensionInfo };

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
  /** Another instance says a browser connected to it, or left it (see browsers/browser-return.ts). */
  onAnnounced?(kind: 'arrived' | 'left', info: ExtensionInfo): void;
  /** A message went to another instance, or came from one (for /metrics). */
  onMessage?(direction: 'sent' | 'received'): void;
  /** How long an instance holding a session may take to start answering a forwarded request. */
  forwardTimeoutMs?: number;
}

export class RedisDirectory implements Directory {
  readonly instance = randomUUID();
  readonly #connections: InstanceConnections;
  readonly #exchanges: InstanceExchanges;
  /** HTTP sessions any instance can serve (the front door's seam). */
  readonly sessions: SharedSessions;
  #closing = false;
  readonly #signer: RedisSigner;
  readonly #presence: PresenceRecords;
  readonly #departures: Departures;
  readonly #heartbeat: Heartbeat;
  readonly #messages: InstanceMessages<Body>;
  /** Browsers leaving this instance whose presence is being withdrawn (a close waits for them). */
  readonly #leaving = new Set<Promise<void>>();
  /**
   * Browsers being announced (connecting) now: the presence a leaving socket would withdraw may
   * be theirs. Once announced, the browser is local in the same turn.
   */
  readonly #announcing = new Map<string, number>();

  private constructor(
    private readonly options: RedisDirectoryOptions,
    private readonly commands: Redis,
    private readonly subscriber: Redis,
  ) {
    this.#signer = new RedisSigner(options.key, this.instance);
    this.#departures = new Departures(options.ttlMs);
    this.#messages = new InstanceMessages<Body>({
      commands,
      subscriber,
      signer: this.#signer,
      instance: this.instance,
      log: options.log,
      expectsAnswer: (body) => body.kind === 'attach' || body.kind === 'http-request',
      receive: (from, at, body) => this.#receive(from, at, body),
      unheard: (instance) => this.#unheard(instance),
      onSent: () => options.onMessage?.('sent'),
    });
    this.#presence = new PresenceRecords(
      commands,
      this.#signer,
      this.instance,
      options.ttlMs,
      options.log,
    );
    const publish = (instance: string, body: Body) => this.#messages.send(instance, body);
    this.#connections = new InstanceConnections(options.local, publish);
    this.#exchanges = new InstanceExchanges(publish, options.forwardTimeoutMs);
    this.#heartbeat = new Heartbeat({
      commands,
      presence: this.#presence,
      local: options.local,
      instance: this.instance,
      ttlMs: options.ttlMs,
      log: options.log,
      onTakenOver: options.onTakenOver,
      arrived: (info) => this.arrived(info),
      peers: () => [...this.#connections.peers(), ...this.#exchanges.peers()],
      peerGone: (peer) => this.#peerGone(peer),
    });
    this.sessions = new SharedSessions(
      this.instance,
      new SessionRecords(commands, this.#signer, this.instance),
      this.#exchanges,
      options.log,
    );
  }

  static async connect(options: RedisDirectoryOptions): Promise<RedisDirectory> {
    if (!options.key) throw new Error('Sharing through Redis needs a key to sign messages with.');
    const { commands, subscriber } = await openRedisClients(options.url, options.log);
    const directory = new RedisDirectory(options, commands, subscriber);
    await subscriber.connect();
    await directory.#messages.subscribe();
    await directory.#heartbeat.start();
    // Messages on their way when the subscription dropped are lost: what waited for them ends.
    subscriber.on('close', () => directory.#lost());
    subscriber.on('ready', () =>
      directory.#messages.subscribe().then(
        () => directory.#back(),
        // Lost again meanwhile, the next 'ready' subscribes again; refused on a live connection,
        // it is dropped and made again, so that there is a next 'ready'.
        (error: Error) => {
          options.log.warn('redis.subscribe_failed', { reason: error.message });
          if (subscriber.status === 'ready') subscriber.disconnect(true);
        },
      ),
    );
    commands.on('ready', () => directory.#back());
    options.log.info('redis.joined', { instance: directory.instance });
    return directory;
  }

  /**
   * A browser connected to this instance: false (and nothing announced) when another browser
   * of its user, on any instance, holds its name.
   */
  async announce(info: ExtensionInfo): Promise<boolean> {
    this.#announcing.set(info.id, (this.#announcing.get(info.id) ?? 0) + 1);
    try {
      if (!(await this.#presence.claimName(info))) return false;
      await this.#presence.announce(info);
      return true;
    } finally {
      const left = this.#announcing.get(info.id)! - 1;
      if (left) this.#announcing.set(info.id, left);
      else this.#announcing.delete(info.id);
    }
  }

  /** Whether Redis answers now (for /health). */
  get connected(): boolean {
    return this.commands.status === 'ready' && this.#messages.subscribed;
  }

  /** Tells every instance a browser connected here (requests waiting for it go on). */
  arrived(info: ExtensionInfo): void {
    const { id, name, user } = info;
    void this.#messages.send(EVERYONE, { kind: 'arrived', info: { id, name, user } });
  }

  /** A browser left this instance (its presence is removed unless another instance has it). */
  withdraw(info: ExtensionInfo): Promise<void> {
    return this.#presence.withdraw(info);
  }

  /**
   * A browser's link to this instance dropped. Every instance is told first, so that requests
   * for it there wait for it (the grace period) instead of finding it gone; then its presence
   * is withdrawn, unless it connected again meanwhile (that presence is newer).
   */
  async leave(info: ExtensionInfo): Promise<void> {
    const leftAt = Date.now();
    const { id, name, user } = info;
    const leaving = this.#messages
      .send(EVERYONE, { kind: 'left', info: { id, name, user } })
      .then(async () => {
        // Connected again meanwhile (or connecting): its presence is the new socket's now.
        if (this.options.local.local(id) || this.#announcing.has(id)) return;
        await this.#presence.withdraw(info, leftAt);
      })
      .finally(() => this.#leaving.delete(leaving));
    this.#leaving.add(leaving);
    await leaving;
  }

  /** The user's browsers on every instance; while Redis is away, those connected here. */
  async list(user: string): Promise<ExtensionInfo[]> {
    try {
      return (await this.#presence.list(user))
        .filter((presence) => !this.#departures.stale(presence))
        .map(({ id, name, user: owner }) => ({ id, name, user: owner }));
    } catch {
      return this.options.local.list(user);
    }
  }

  async get(user: string, extensionId: string): Promise<ExtensionPort | undefined> {
    const local = this.options.local.local(extensionId);
    if (local) return local.info.user === user ? local : undefined;
    const presence = await this.#presence.get(extensionId).catch(() => undefined);
    if (!presence || presence.user !== user || presence.instance === this.instance) return;
    if (this.#departures.stale(presence)) return;
    return this.#connections.port(presence);
  }

  /** A body from another instance (or this one's own announcement, on everyone's channel). */
  #receive(from: string, at: number, body: Body): void {
    if ('info' in body) {
      if (from === this.instance) return; // its own announcement, back from `everyone`
      this.options.onMessage?.('received');
      this.#departures.heard(body.kind, body.info, from, at);
      this.options.onAnnounced?.(body.kind, body.info);
      return;
    }
    this.options.onMessage?.('received');
    if ('exchange' in body) this.#exchanges.receive(from, body);
    else this.#connections.receive(from, body);
  }

  /** No one listened on its channel: stopped, if its key is gone too. */
  async #unheard(instance: string): Promise<void> {
    // Not right after Redis came back: every key was lost with it, and is written again.
    if (!this.#heartbeat.judgesPeers) return;
    if (!(await this.commands.exists(key.instance(instance)))) this.#peerGone(instance);
  }

  #lost(): void {
    this.#messages.lost();
    if (this.#closing) return;
    this.options.log.warn('redis.lost');
    this.#connections.allLost();
    this.#exchanges.allLost();
  }

  /** Redis answers again: this instance's browsers and sessions are announced again now. */
  #back(): void {
    if (this.#closing) return;
    this.options.log.info('redis.back', { instance: this.instance });
    this.#heartbeat.redisBack();
    void this.#heartbeat.beat().then(() => this.sessions.registerAgain());
  }

  /** An instance stopped: what went through it ends, on both sides. */
  #peerGone(peer: string): void {
    this.options.log.warn('redis.instance_gone', { instance: peer });
    this.#connections.peerGone(peer);
    this.#exchanges.peerGone(peer);
  }

  async close(): Promise<void> {
    this.#closing = true;
    this.#heartbeat.stop();
    this.sessions.close();
    await Promise.allSettled([...this.#leaving]);
    for (const port of this.options.local.ports()) await this.withdraw(port.info).catch(() => {});
    await this.commands.del(key.instance(this.instance)).catch(() => 0);
    this.subscriber.disconnect();
    await this.commands.quit().catch(() => 'OK');
  }
}
