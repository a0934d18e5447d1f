/**
 * The page-tools detector: the only part of Patchbay in a page of a site the person has not
 * allowed. It does nothing until the page announces an MCP server of its own (MCP-B's tab
 * transport posts `mcp-server-ready` when it starts); then it asks that server, over the same
 * channel, how many tools it has (`initialize`, `tools/list`), and tells the background the
 * count, which becomes the panel's "{site} offers N tools". Tools themselves are never relayed
 * from here: once the site is allowed the background injects the proxy (page-tools.content.ts),
 * and the detector falls silent for good.
 *
 * Hand-written JSON-RPC (mcp-b-channel.ts), no libraries: it runs in every page and must stay a
 * few KB (scripts/check-bundle.ts gates it).
 */
import { openChannelClient, PAGE_PROTOCOL_VERSION } from './mcp-b-channel';
import { oneAtATime } from './one-at-a-time';
import { listToolPages } from './tool-pages';

/** The port a detector tells the background a page's tool count on. */
export const PAGE_OFFER_PORT = 'patchbay-page-offer';
/** Set in the content scripts' shared world by the proxy: a page with a proxy needs no detector. */
export const PROXY_MARK = 'patchbay.pageTools.proxy';
/** Set by the detector itself: injected again into the same page, it does nothing. */
export const DETECTOR_MARK = 'patchbay.pageTools.detector';

/** How long the page's server has to answer each of the detector's requests. */
const ANSWER_MS = 3_000;

export interface OfferPort {
  post(message: { type: 'offer'; count: number }): void;
  /** The background let go (a page put in the back/forward cache, an updated extension). */
  onDisconnect(listener: () => void): void;
  disconnect(): void;
}

export interface DetectorOptions {
  /** Opens the port to the background (only once a page turned out to have tools). */
  connect(): OfferPort;
  /** Whether the proxy runs in this page (then the detector has nothing to do). */
  proxyRunning(): boolean;
  answerMs?: number;
}

/**
 * Tells the background a page's tool count over a port opened only once the page has tools,
 * and only when the count changed; a port the background lets go is opened again for the next
 * count.
 */
function createCountTeller(connect: () => OfferPort) {
  let port: OfferPort | undefined;
  let lastCount = -1;
  return {
    tell(count: number): void {
      if (count === lastCount) return;
      lastCount = count;
      if (!port && count === 0) return;
      if (!port) {
        const opened = connect();
        port = opened;
        // Told again on a new port when the page comes back or its tools change.
        opened.onDisconnect(() => {
          if (port !== opened) return;
          port = undefined;
          lastCount = -1;
        });
      }
      port.post({ type: 'offer', count });
    },
    /** Lets go of the port for good. */
    close(): void {
      port?.disconnect();
      port = undefined;
    },
  };
}

export function startPageDetector(win: Window, options: DetectorOptions): { stop(): void } {
  const answerMs = options.answerMs ?? ANSWER_MS;
  const teller = createCountTeller(options.connect);
  let initialized = false;

  const count = async () => {
    if (!initialized) {
      await channel.request(
        'initialize',
        {
          protocolVersion: PAGE_PROTOCOL_VERSION,
          capabilities: {},
          clientInfo: { name: 'patchbay-page-detector', version: '0.1.0' },
        },
        answerMs,
      );
      channel.notify('notifications/initialized');
      initialized = true;
    }
    return (await listToolPages(channel, answerMs)).length;
  };

  /** Counts the page's tools (once at a time; a change meanwhile counts again after). */
  const recount = oneAtATime(() =>
    count().then(teller.tell, () => {
      // A server that stops answering offers nothing; it announces itself again if it restarts.
      initialized = false;
      teller.tell(0);
    }),
  );

  const stop = () => {
    channel.close();
    teller.close();
  };

  const channel = openChannelClient(win, 'patchbay-detector', {
    accept() {
      if (!options.proxyRunning()) return true;
      stop();
      return false;
    },
    onReady() {
      initialized = false;
      recount();
    },
    onStopped() {
      initialized = false;
      teller.tell(0);
    },
    onNotification(method) {
      if (method === 'notifications/tools/list_changed' && initialized) recount();
    },
  });

  // Injected into a page that may have started its server long ago: a running server answers
  // this with its announcement.
  channel.checkReady();
  // Back from the back/forward cache, where Chrome closed the port: the count is told again.
  win.addEventListener('pageshow', (event) => {
    if ((event as PageTransitionEvent).persisted && initialized && !options.proxyRunning())
      recount();
  });
  return { stop };
}
