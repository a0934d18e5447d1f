/**
 * The directory, timing the browser's answers: each port it hands out notes when a client's
 * request went to the browser and, when the answer comes back, how long the browser took
 * (the latency histogram of /metrics). Wherever the browser is (this instance or another).
 */
import { MAX_PENDING } from '../clients/connection.js';
import type { Directory } from './directory.js';
import type { ExtensionPort } from './extension-host.js';
import type { Histogram } from '../monitoring/metrics.js';

export function measuredDirectory(directory: Directory, latency: Histogram): Directory {
  return {
    list: (user) => directory.list(user),
    async get(user, extensionId) {
      const port = await directory.get(user, extensionId);
      return port && measuredPort(port, latency);
    },
  };
}

function measuredPort(port: ExtensionPort, latency: Histogram): ExtensionPort {
  /** Per connection: when each request in flight was sent (by its prefixed id). */
  const sent = new Map<string, Map<string, number>>();
  return {
    info: port.info,
    attach(connection, sink) {
      const mine = new Map<string, number>();
      sent.set(connection, mine);
      port.attach(connection, {
        deliver(message) {
          if (message.method === undefined && message.id !== undefined && message.id !== null) {
            const at = mine.get(String(message.id));
            if (at !== undefined) {
              mine.delete(String(message.id));
              latency.observe((performance.now() - at) / 1000);
            }
          }
          sink.deliver(message);
        },
        gone(reason) {
          sent.delete(connection);
          sink.gone(reason);
        },
      });
    },
    detach(connection) {
      sent.delete(connection);
      port.detach(connection);
    },
    send(connection, message) {
      const mine = sent.get(connection);
      if (message.method === 'notifications/cancelled') {
        // Never to be answered: not timed.
        const params = message.params as { requestId?: unknown } | undefined;
        mine?.delete(String(params?.requestId));
      } else if (message.method !== undefined && message.id !== undefined && message.id !== null) {
        // A connection has at most MAX_PENDING requests in flight (clients/connection.ts); this bounds
        // what is kept of requests the browser never answers.
        if (mine && mine.size >= 2 * MAX_PENDING) mine.clear();
        mine?.set(String(message.id), performance.now());
      }
      port.send(connection, message);
    },
  };
}
