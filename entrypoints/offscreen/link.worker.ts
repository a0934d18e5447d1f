/**
 * Browser access's relay link (src/relay-link/link-host.ts), a part of the offscreen host: the
 * WebSocket to the relay and an MCP server per relay connection, asking the background about
 * clients, tools and calls through its document.
 */
import { linkCommandSchema } from '../../src/messaging/browser-link-contract';
import {
  answerCommands,
  workerSideTransport,
  type WorkerScope,
} from '../../src/messaging/worker-transport';
import { createLinkHost } from '../../src/relay-link/link-host';
import type { LinkSocket } from '../../src/relay-link/relay-link';
import { createLinkAsk } from '../../src/relay-link/worker-asks';

// A dedicated worker's global scope: postMessage to its page, and its page's messages.
const scope = self as unknown as WorkerScope;
const transport = workerSideTransport(scope);
const host = createLinkHost({
  ask: createLinkAsk((message) => transport.send(message)),
  openSocket: (url) => new WebSocket(url) as LinkSocket,
});
answerCommands(scope, async (message) => {
  const command = linkCommandSchema.safeParse(message);
  return command.success ? host.command(command.data) : undefined;
});
