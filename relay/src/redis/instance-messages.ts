/**
 * Messages between instances over Redis pub/sub: a channel for each instance and one for all.
 * What is sent to an instance in one turn of the event loop goes as one signed batch
 * (batches-per-turn.ts, signing.ts); what is not signed with the key, or is played
 * again, is dropped unread. Pub/sub keeps nothing, so a batch no one received (its instance
 * stopped, or has not subscribed again since Redis came back) counts as not sent, and while this
 * instance cannot hear answers it sends nothing that expects one: what waits for an answer
 * fails at once with a clear error instead of after its timeout.
 */
import type { Redis } from 'ioredis';
import { BatchesPerTurn } from './batches-per-turn.js';
import type { Logger } from '../monitoring/log.js';
import { key } from './keys.js';
import { EVERYONE, type RedisSigner } from './signing.js';

export interface InstanceMessagesOptions<Body> {
  commands: Redis;
  /** A connection of its own: in subscriber mode it can do nothing else. */
  subscriber: Redis;
  signer: RedisSigner;
  instance: string;
  log: Logger;
  /** Whether a body expects an answer (not sent while answers could not be heard). */
  expectsAnswer(body: Body): boolean;
  /** A body from an instance (this one's own, too, on everyone's channel). */
  receive(from: string, at: number, body: Body): void;
  /** No one listened on an instance's channel. */
  unheard(instance: string): void | Promise<void>;
  /** A body went into a batch (for /metrics). */
  onSent?(): void;
}

export class InstanceMessages<Body> {
  /** Whether this instance listens now (false from losing Redis until subscribed again). */
  #subscribed = false;
  readonly #outbox = new BatchesPerTurn<Body>((to, bodies) => this.#publish(to, bodies));

  constructor(private readonly options: InstanceMessagesOptions<Body>) {
    options.subscriber.on('message', (_channel: string, text: string) => this.#receive(text));
  }

  get subscribed(): boolean {
    return this.#subscribed;
  }

  /** Listens on this instance's channel and everyone's: answers can be heard once it resolves. */
  async subscribe(): Promise<void> {
    await this.options.subscriber.subscribe(key.channel(this.options.instance), key.everyone);
    this.#subscribed = true;
  }

  /** The subscription dropped: what is on its way here may be lost. */
  lost(): void {
    this.#subscribed = false;
  }

  /** Sends `body` to `to` (or EVERYONE) in this turn's batch: whether it was received. */
  send(to: string, body: Body): Promise<boolean> {
    if (!this.#subscribed && this.options.expectsAnswer(body)) return Promise.resolve(false);
    this.options.onSent?.();
    return this.#outbox.add(to, body);
  }

  async #publish(to: string, bodies: Body[]): Promise<boolean> {
    const { commands, signer, log } = this.options;
    try {
      const receivers = await commands.publish(
        to === EVERYONE ? key.everyone : key.channel(to),
        signer.seal(to, bodies as object[]),
      );
      if (receivers === 0 && to !== EVERYONE) {
        log.warn('redis.not_listening', { instance: to });
        await this.options.unheard(to);
        return false;
      }
      return true;
    } catch (error) {
      log.warn('redis.publish_failed', { reason: (error as Error).message });
      return false;
    }
  }

  #receive(text: string): void {
    const opened = this.options.signer.open(text);
    if (!opened.ok) {
      // Not from an instance with the key (or played again): dropped, its contents unlogged.
      this.options.log.warn('redis.message_dropped', { reason: opened.reason });
      return;
    }
    for (const body of opened.bodies as Body[]) this.options.receive(opened.from, opened.at, body);
  }
}
