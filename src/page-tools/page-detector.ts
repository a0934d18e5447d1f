/**
 * The page-tools detector: the only part of Patchbay in a page of a site the person has not
 * allowed. It does nothing until the page announces an MCP server of its own (MCP-B's tab
 * transport posts `mcp-server-ready` when it starts); then it asks that server, over the same
 * channel, how many tools it has (`initialize`, `tools/list`), and tells the background the
 * count, which becomes the panel's "{site} offers N tools". Tools themselves are never relayed
 * from here: once the site is allowed the background injects the proxy (page-tools.content.ts),
 * and the detector falls silent for good.
 *
 * Hand-written JSON-RPC, no libraries: it runs in every page and must stay a few KB
 * (scripts/check-bundle.ts gates it).
 */

/** The port a detector tells the background a page's tool count on. */
export const PAGE_OFFER_PORT = 'patchbay-page-offer';
/** Set in the content scripts' shared world by the proxy: a page with a proxy needs no detector. */
export const PROXY_MARK = 'patchbay.pageTools.proxy';

/** MCP-B's tab transport: its default channel, and the envelope of every message on it. */
const CHANNEL = 'mcp-default';
/** How long the page's server has to answer each of the detector's two requests. */
const ANSWER_MS = 3_000;
/** Pages of tools followed at most (a page lists 128 tools at most for Patchbay anyway). */
const MAX_PAGES = 8;

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

interface Envelope {
  channel?: unknown;
  type?: unknown;
  direction?: unknown;
  payload?: unknown;
}

export function startPageDetector(win: Window, options: DetectorOptions): { stop(): void } {
  const prefix = `patchbay-detector:${Math.random().toString(36).slice(2)}:`;
  let next = 0;
  const waiting = new Map<string, (result: unknown) => void>();
  let port: OfferPort | undefined;
  let initialized = false;
  let counting = false;
  let again = false;
  let lastCount = -1;

  const post = (payload: unknown) =>
    win.postMessage(
      { channel: CHANNEL, type: 'mcp', direction: 'client-to-server', payload },
      win.location.origin,
    );
  const request = (method: string, params: Record<string, unknown>) =>
    new Promise<Record<string, unknown>>((resolve, reject) => {
      const id = `${prefix}${(next += 1)}`;
      const timer = setTimeout(() => {
        waiting.delete(id);
        reject(new Error(`no answer to ${method}`));
      }, options.answerMs ?? ANSWER_MS);
      waiting.set(id, (result) => {
        clearTimeout(timer);
        if (typeof result === 'object' && result !== null)
          resolve(result as Record<string, unknown>);
        else reject(new Error(`${method} failed`));
      });
      post({ jsonrpc: '2.0', id, method, params });
    });

  const tell = (count: number) => {
    if (count === lastCount) return;
    lastCount = count;
    if (!port && count === 0) return;
    if (!port) {
      const opened = options.connect();
      port = opened;
      // Told again on a new port when the page comes back or its tools change.
      opened.onDisconnect(() => {
        if (port !== opened) return;
        port = undefined;
        lastCount = -1;
      });
    }
    port.post({ type: 'offer', count });
  };

  const count = async () => {
    if (!initialized) {
      await request('initialize', {
        protocolVersion: '2025-06-18',
        capabilities: {},
        clientInfo: { name: 'patchbay-page-detector', version: '0.1.0' },
      });
      post({ jsonrpc: '2.0', method: 'notifications/initialized' });
      initialized = true;
    }
    let total = 0;
    let cursor: unknown;
    for (let page = 0; page < MAX_PAGES; page += 1) {
      const result = await request('tools/list', typeof cursor === 'string' ? { cursor } : {});
      total += Array.isArray(result.tools) ? result.tools.length : 0;
      cursor = result.nextCursor;
      if (typeof cursor !== 'string') break;
    }
    return total;
  };

  /** Counts the page's tools (once at a time; a change meanwhile counts again after). */
  const recount = () => {
    if (counting) {
      again = true;
      return;
    }
    counting = true;
    count()
      .then(tell, () => {
        // A server that stops answering offers nothing; it announces itself again if it restarts.
        initialized = false;
        tell(0);
      })
      .finally(() => {
        counting = false;
        if (again) {
          again = false;
          recount();
        }
      });
  };

  const stop = () => {
    win.removeEventListener('message', onMessage);
    for (const settle of waiting.values()) settle(undefined);
    waiting.clear();
    port?.disconnect();
    port = undefined;
  };

  function onMessage(event: MessageEvent) {
    const data = event.data as Envelope | null;
    if (
      event.source !== win ||
      typeof data !== 'object' ||
      data === null ||
      data.channel !== CHANNEL ||
      data.type !== 'mcp' ||
      data.direction !== 'server-to-client'
    )
      return;
    if (options.proxyRunning()) {
      stop();
      return;
    }
    const { payload } = data;
    if (payload === 'mcp-server-ready') {
      initialized = false;
      recount();
    } else if (payload === 'mcp-server-stopped') {
      initialized = false;
      tell(0);
    } else if (typeof payload === 'object' && payload !== null) {
      const message = payload as { id?: unknown; method?: unknown; result?: unknown };
      if (typeof message.id === 'string' && message.method === undefined) {
        const settle = waiting.get(message.id);
        if (!settle) return; // another client's answer
        waiting.delete(message.id);
        settle(message.result);
      } else if (message.method === 'notifications/tools/list_changed' && initialized) {
        recount();
      }
    }
  }

  win.addEventListener('message', onMessage);
  // Back from the back/forward cache, where Chrome closed the port: the count is told again.
  win.addEventListener('pageshow', (event) => {
    if ((event as PageTransitionEvent).persisted && initialized && !options.proxyRunning())
      recount();
  });
  return { stop };
}
