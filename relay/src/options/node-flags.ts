/**
 * The Node flags the relay runs with, wherever it is started: `npm run relay`, the package's
 * `start` script, the `patchbay-relay` command (its `#!` line) and the tests' and bench's
 * relay processes. `relay/test/options/node-flags.test.ts` keeps them the same.
 *
 * A young generation of up to 32 MB per semi-space: every forwarded call allocates a few short-lived
 * objects (frames' text, parsed messages, copies of their params), and with V8's default size
 * the relay scavenged so often under 200 clients that its pauses set the tail. Measured with
 * `npm run bench -- relay` (5 interleaved runs each): p99 through one relay a median of 1.30x
 * direct against 1.57x, through two relays and Redis 1.66x against 2.01x.
 */
export const RELAY_NODE_FLAGS = ['--max-semi-space-size=32'] as const;
