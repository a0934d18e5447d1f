/**
 * Browser access's link as the offscreen host runs it (entrypoints/offscreen/link.worker.ts):
 * the relay link and its MCP servers, commanded by the service worker (connect, disconnect,
 * tools changed), telling it every change of state. A connect that is not fresh keeps a link
 * that is up, or on its way, to the same relay: a service worker that stopped and started
 * again finds the link as it left it.
 */
import type { LinkCommand, LinkState } from '../messaging/browser-link-contract';
import { createRelayLink, type LinkSocket } from './relay-link';
import { createRelayServers } from './relay-servers';
import type { LinkAsk } from './worker-asks';

export interface LinkHostOptions {
  ask: LinkAsk;
  openSocket(url: string): LinkSocket;
}

export function createLinkHost(options: LinkHostOptions) {
  const { ask } = options;
  let version = '0';
  const servers = createRelayServers({ version: () => version, ask });
  const report = (state: LinkState) =>
    void ask('browser-link/state', { state }).catch(() => undefined);
  const link = createRelayLink({
    openSocket: options.openSocket,
    serverFor: (connectionId) => servers.serverFor(connectionId),
    // A client the person blocked gets no server: its connections cost the link nothing.
    async refusal(client) {
      return (await ask('browser-link/admission', client ? { client } : {})).refusal;
    },
    onConnectionEnded: (connectionId) => servers.ended(connectionId),
    onState: report,
  });

  function connect(payload: Extract<LinkCommand, { type: 'link-host/connect' }>['payload']) {
    version = payload.version;
    const { target, state } = link;
    const same =
      target?.url === payload.url &&
      target.token === payload.token &&
      target.name === payload.name &&
      state.state !== 'off' &&
      state.state !== 'error';
    if (payload.fresh || !same) return link.connect(payload.url, payload.token, payload.name);
    link.retryNow();
    report(link.state);
  }

  return {
    /** Carries out the service worker's command; answers with the link's state after it. */
    async command(command: LinkCommand): Promise<{ state: LinkState }> {
      switch (command.type) {
        case 'link-host/connect':
          connect(command.payload);
          break;
        case 'link-host/disconnect':
          link.disconnect();
          break;
        case 'link-host/tools-changed':
          servers.toolsChanged();
          break;
      }
      return { state: link.state };
    },
    /** Ends the link and its timers (the host's part stops). */
    close(): void {
      link.disconnect();
      servers.close();
    },
  };
}

export type LinkHost = ReturnType<typeof createLinkHost>;
