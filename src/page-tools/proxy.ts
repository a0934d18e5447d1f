/**
 * The content-script proxy of a tab: a thin relay between the page's tools (its own MCP server
 * or the WebMCP API, page-tool-source.ts) and the hub in the background (a long-lived port). It
 * registers the page's tools, sends their updates (debounced; polled every minute when the page
 * does not announce changes, sent only when they differ), and runs the hub's
 * `browser/executeTool` requests. No aggregation, no routing.
 */
import type { PageToolSource, SourceTool } from './page-tool-source';

/** How long a page's tool-list changes settle before they are sent. */
export const UPDATE_DEBOUNCE_MS = 500;
/** How often a page that announces no changes is asked for its tools. */
export const POLL_INTERVAL_MS = 60_000;

/** The proxy's side of its port to the hub. */
export interface HubPort {
  post(message: unknown): void;
  onMessage(listener: (message: unknown) => void): void;
  onDisconnect(listener: () => void): void;
  disconnect(): void;
}

export interface ProxyOptions {
  /** The page's tools, connected. */
  source: PageToolSource;
  openPort(): HubPort;
  debounceMs?: number;
  pollMs?: number;
  /** The clock the port's reconnects run on (tests give their own; fake timers are global). */
  clock?: { now(): number; schedule(run: () => void, ms: number): void };
}

const realClock = {
  now: () => Date.now(),
  schedule: (run: () => void, ms: number) => void setTimeout(run, ms),
};

export interface RunningProxy {
  /** Settles when the page's tools went away (the proxy has told the hub and let go). */
  closed: Promise<void>;
  stop(): Promise<void>;
}

/** Runs one `browser/executeTool` request of the hub; anything else is not the proxy's. */
async function execute(source: PageToolSource, message: unknown, post: (answer: unknown) => void) {
  if (typeof message !== 'object' || message === null) return;
  const { id, method, params } = message as {
    id?: unknown;
    method?: unknown;
    params?: { toolName?: unknown; args?: unknown };
  };
  if (method !== 'browser/executeTool' || typeof id !== 'string') return;
  const name = typeof params?.toolName === 'string' ? params.toolName : '';
  const args =
    typeof params?.args === 'object' && params.args !== null && !Array.isArray(params.args)
      ? (params.args as Record<string, unknown>)
      : {};
  try {
    const payload = await source.callTool(name, args);
    post({ jsonrpc: '2.0', id, result: { success: true, payload } });
  } catch (error) {
    const text = error instanceof Error ? error.message : String(error);
    post({ jsonrpc: '2.0', id, result: { success: false, payload: text.slice(0, 2_000) } });
  }
}

/**
 * The page's tool list as the hub hears it: registered on each new port, then updates after
 * changes settle (polled when the page announces none), each sent only when it differs from
 * the last sent.
 */
function createToolUpdates(
  source: PageToolSource,
  post: (message: unknown) => void,
  debounceMs: number,
) {
  let lastSent = '';
  let timer: ReturnType<typeof setTimeout> | undefined;
  let poll: ReturnType<typeof setInterval> | undefined;
  const send = (
    method: 'browser/registerTools' | 'browser/updateTools',
    tools: readonly SourceTool[],
  ) => {
    const text = JSON.stringify(tools);
    if (method === 'browser/updateTools' && text === lastSent) return;
    lastSent = text;
    post({
      jsonrpc: '2.0',
      method,
      params:
        method === 'browser/registerTools'
          ? { tools, listChanged: source.announcesChanges }
          : { tools },
    });
  };
  source.onToolsChanged((tools) => {
    clearTimeout(timer);
    timer = setTimeout(() => send('browser/updateTools', tools), debounceMs);
  });
  return {
    /** Registers the tools on a new port. */
    register(tools: readonly SourceTool[]): void {
      lastSent = '';
      send('browser/registerTools', tools);
    },
    /** Asks a page that announces no changes for its tools every `pollMs`. */
    poll(pollMs: number): void {
      poll = setInterval(
        () =>
          void source.listTools().then(
            (tools) => send('browser/updateTools', tools),
            () => undefined,
          ),
        pollMs,
      );
    },
    /** No more updates. */
    stop(): void {
      clearTimeout(timer);
      clearInterval(poll);
    },
  };
}

/** Relays a connected source; resolves once its tools are registered. */
export async function startProxy(options: ProxyOptions): Promise<RunningProxy> {
  const { source } = options;
  const clock = options.clock ?? realClock;
  let port: HubPort | undefined;
  let stopped = false;
  const updates = createToolUpdates(
    source,
    (message) => port?.post(message),
    options.debounceMs ?? UPDATE_DEBOUNCE_MS,
  );

  /** Reconnects in a row without the hub answering; each waits twice as long (1 s to 1 min). */
  let attempts = 0;
  const register = async () => {
    if (stopped) return;
    const opened = options.openPort();
    const openedAt = clock.now();
    port = opened;
    opened.onMessage((message) => void execute(source, message, (answer) => port?.post(answer)));
    // The background stopped (or was updated, or refused the port): connect again, backing off
    // only while ports keep being refused at once.
    opened.onDisconnect(() => {
      if (port === opened) port = undefined;
      if (stopped) return;
      if (clock.now() - openedAt > 10_000) attempts = 0;
      const delay = Math.min(60_000, 1_000 * 2 ** attempts);
      attempts += 1;
      clock.schedule(() => void register().catch(() => undefined), delay);
    });
    updates.register(await source.listTools());
  };
  await register();
  // The page's tools went away (a single-page app tearing its server down): the hub is told,
  // and the proxy lets go of its port, so tools offered again are found afresh.
  const closed = new Promise<void>((resolve) => {
    source.onClose(() => {
      if (!stopped) {
        stopped = true;
        updates.stop();
        port?.post({ jsonrpc: '2.0', method: 'browser/updateTools', params: { tools: [] } });
        port?.disconnect();
        port = undefined;
      }
      resolve();
    });
  });
  if (!source.announcesChanges) updates.poll(options.pollMs ?? POLL_INTERVAL_MS);
  return {
    closed,
    async stop() {
      stopped = true;
      updates.stop();
      port?.disconnect();
      await source.close();
    },
  };
}
