/**
 * The offscreen host's link part in memory, for tests in Node: the real link host
 * (src/relay-link/link-host.ts) with real sockets, its messages to and from the service worker
 * copied (as chrome.runtime copies them) and checked against the contract. A new worker takes
 * over the host as Chrome's would: the host and its link stay. `vanish()` is a crash: the host
 * is gone without a word.
 */
import type { LinkHostPort } from '../browser-access/link-control';
import type { Response } from '../messaging/contract';
import { linkCommandSchema } from '../messaging/browser-link-contract';
import { createLinkHost, type LinkHost } from '../relay-link/link-host';
import type { LinkSocket } from '../relay-link/relay-link';
import { createLinkAsk } from '../relay-link/worker-asks';

const copy = <T>(value: T): T => structuredClone(value);

export function createMemoryLinkHost(options: { openSocket(url: string): LinkSocket }) {
  let worker: ((message: unknown) => Promise<Response>) | undefined;
  let host: { link: LinkHost; alive: boolean } | undefined;
  const requests: string[] = [];

  function start() {
    const instance = {
      alive: true,
      link: createLinkHost({
        openSocket: options.openSocket,
        ask: createLinkAsk(async (message) => {
          if (!instance.alive || !worker) throw new Error('No service worker answers.');
          requests.push(message.type);
          return copy(await worker(copy(message)));
        }),
      }),
    };
    host = instance;
  }

  return {
    /** The service worker's end, for a (new) worker answering the link's requests with `handle`. */
    port(handle: (message: unknown) => Promise<Response>): LinkHostPort {
      worker = handle;
      return {
        async start() {
          if (!host) start();
        },
        async stop() {
          // As Chrome ends the part's worker: nothing more is heard from it.
          if (host) host.alive = false;
          host?.link.close();
          host = undefined;
        },
        async command(command) {
          if (!host) return undefined;
          return copy((await host.link.command(linkCommandSchema.parse(copy(command)))).state);
        },
      };
    },
    /** Whether the host's link part runs. */
    running: () => host !== undefined,
    /** The types of the requests the link sent, oldest first. */
    requests,
    /** The host vanished (a crash): its socket closes, and it says nothing more. */
    vanish(): void {
      if (!host) return;
      host.alive = false;
      host.link.close();
      host = undefined;
    },
  };
}
