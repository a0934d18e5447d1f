/**
 * An instance's heartbeat in Redis, every third of the presence TTL: it refreshes the instance's
 * own key and its browsers' presence (announcing again what expired while Redis was away, or
 * letting go of a browser another instance or browser has taken over), then looks for peers
 * whose key is gone: dead, so what went through them ends. Right after Redis came back, every
 * key was lost with it: peers are not judged until they had a TTL to write theirs again.
 */
import type { Redis } from 'ioredis';
import type { LocalDirectory } from '../browsers/directory.js';
import type { ExtensionInfo } from '../browsers/extension-host.js';
import type { Logger } from '../monitoring/log.js';
import { key } from './keys.js';
import type { PresenceRecords } from './presence.js';

export interface HeartbeatParts {
  commands: Redis;
  presence: PresenceRecords;
  local: LocalDirectory;
  instance: string;
  ttlMs: number;
  log: Logger;
  onTakenOver(extensionId: string, why: 'replaced' | 'name-taken'): void;
  /** Tells every instance a browser is here (after announcing it again). */
  arrived(info: ExtensionInfo): void;
  /** The instances this one has connections or exchanges with. */
  peers(): string[];
  peerGone(peer: string): void;
}

export class Heartbeat {
  #timer: NodeJS.Timeout | undefined;
  #beating = false;
  #judgePeersAfter = 0;

  constructor(private readonly parts: HeartbeatParts) {}

  /** Beats once, then every third of the TTL. */
  async start(): Promise<void> {
    await this.beat();
    this.#timer = setInterval(() => void this.beat(), this.parts.ttlMs / 3);
    this.#timer.unref();
  }

  stop(): void {
    clearInterval(this.#timer);
  }

  /** Redis came back (empty): peers are given a TTL to write their keys before being judged. */
  redisBack(): void {
    this.#judgePeersAfter = Date.now() + this.parts.ttlMs;
  }

  /** Whether a missing key now means a dead peer. */
  get judgesPeers(): boolean {
    return Date.now() >= this.#judgePeersAfter;
  }

  async beat(): Promise<void> {
    const { commands, presence: records, local, instance, ttlMs, log } = this.parts;
    if (this.#beating) return; // the last beat is still going (a slow Redis)
    this.#beating = true;
    try {
      await commands.set(key.instance(instance), '1', 'PX', ttlMs);
      for (const port of local.ports()) {
        // Each step waits on Redis: a browser that left meanwhile is not announced again.
        const here = () => local.local(port.info.id) === port;
        const presence = await records.get(port.info.id);
        if (!here()) continue;
        if (presence && presence.instance !== instance) {
          this.parts.onTakenOver(port.info.id, 'replaced');
          continue;
        }
        // The name's hold is refreshed with the presence; lost (both lapsed), it is let go.
        if (!(await records.claimName(port.info))) {
          if (here()) this.parts.onTakenOver(port.info.id, 'name-taken');
          continue;
        }
        if (!here()) continue;
        if (presence) await records.refresh(port.info.id);
        else {
          // Expired or lost (Redis was away): announced again unless another instance has it,
          // and told, so requests waiting for it on other instances look again.
          await records.announce(port.info, true);
          this.parts.arrived(port.info);
        }
      }
      if (!this.judgesPeers) return;
      for (const peer of new Set(this.parts.peers())) {
        if (!(await commands.exists(key.instance(peer)))) this.parts.peerGone(peer);
      }
    } catch (error) {
      log.warn('redis.heartbeat_failed', { reason: (error as Error).message });
    } finally {
      this.#beating = false;
    }
  }
}
