/**
 * The content-script proxy of a tab (MCP-B): a thin relay between the page's own MCP server
 * (reached over `@mcp-b/transports`' tab transport, as an SDK client) and the hub in the
 * background (a long-lived port). It registers the page's tools, sends their updates (debounced;
 * polled every minute when the page does not announce changes, sent only when they differ), and
 * runs the hub's `browser/executeTool` requests. No aggregation, no routing.
 */
import { Client, type Tool, type Transport } from '@modelcontextprotocol/client';
import type { JSONRPCMessage } from '@modelcontextprotocol/client';

export const PROXY_INFO = { name: 'patchbay-page-tools', version: '0.1.0' };
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

/**
 * Keeps this client's requests apart from any other client on the page's channel (the page's
 * own, or another extension's): the tab transport delivers every answer to every client, and
 * SDK clients number requests from 0, so ids would collide. Outgoing ids become unique strings;
 * answers to ids this client did not send are dropped.
 */
export function isolateRequestIds(
  inner: Transport,
  prefix: string = crypto.randomUUID(),
): Transport {
  const sent = new Map<string, string | number>();
  const wrapper: Transport = {
    start: () => inner.start(),
    close: () => inner.close(),
    async send(message, options) {
      if ('id' in message && 'method' in message) {
        const id = `${prefix}:${String(message.id)}`;
        sent.set(id, message.id);
        return inner.send({ ...message, id } as JSONRPCMessage, options);
      }
      return inner.send(message, options);
    },
  };
  inner.onclose = () => wrapper.onclose?.();
  inner.onerror = (error) => wrapper.onerror?.(error);
  inner.onmessage = (message, extra) => {
    if ('id' in message && !('method' in message)) {
      const original = sent.get(String(message.id));
      if (original === undefined) return; // another client's answer
      sent.delete(String(message.id));
      wrapper.onmessage?.({ ...message, id: original } as JSONRPCMessage, extra);
      return;
    }
    wrapper.onmessage?.(message, extra);
  };
  return wrapper;
}

export interface ProxyOptions {
  /** The transport to the page's server; connecting fails when the page has none. */
  transport: Transport;
  openPort(): HubPort;
  connectTimeoutMs?: number;
  debounceMs?: number;
  pollMs?: number;
}

export interface RunningProxy {
  /** Settles when the page's server went away (the proxy has told the hub and let go). */
  closed: Promise<void>;
  stop(): Promise<void>;
}

/**
 * The tools as the hub takes them. MCP-B marks a tool to keep after its tab closes with
 * `annotations.cache`; the MCP SDKs keep only the annotations MCP defines, so pages built with
 * them say it in `_meta.cache` instead, and either counts.
 */
function toolsOf(tools: readonly Tool[]) {
  return tools.map(({ name, title, description, inputSchema, annotations, _meta }) => {
    const cache =
      (annotations as { cache?: unknown } | undefined)?.cache === true ||
      (_meta as { cache?: unknown } | undefined)?.cache === true;
    const hints =
      annotations || cache ? { ...annotations, ...(cache ? { cache: true } : {}) } : undefined;
    return {
      name,
      ...(title ? { title } : {}),
      description: description ?? '',
      inputSchema,
      ...(hints ? { annotations: hints } : {}),
    };
  });
}

/** Connects to the page's server and relays; resolves once its tools are registered. */
export async function startProxy(options: ProxyOptions): Promise<RunningProxy> {
  const debounceMs = options.debounceMs ?? UPDATE_DEBOUNCE_MS;
  let port: HubPort | undefined;
  let lastSent = '';
  let timer: ReturnType<typeof setTimeout> | undefined;
  let poll: ReturnType<typeof setInterval> | undefined;
  let stopped = false;

  const send = (
    method: 'browser/registerTools' | 'browser/updateTools',
    tools: readonly Tool[],
  ) => {
    const list = toolsOf(tools);
    const text = JSON.stringify(list);
    if (method === 'browser/updateTools' && text === lastSent) return;
    lastSent = text;
    port?.post({
      jsonrpc: '2.0',
      method,
      params: method === 'browser/registerTools' ? { tools: list, listChanged } : { tools: list },
    });
  };
  const update = (tools: readonly Tool[]) => {
    clearTimeout(timer);
    timer = setTimeout(() => send('browser/updateTools', tools), debounceMs);
  };

  const client = new Client(PROXY_INFO, {
    listChanged: {
      tools: {
        debounceMs: 0,
        onChanged: (error, tools) => (!error && tools ? update(tools) : undefined),
      },
    },
  });
  try {
    await client.connect(isolateRequestIds(options.transport), {
      timeout: options.connectTimeoutMs ?? 3_000,
    });
  } catch (error) {
    // No server answered: stop listening on the page's channel.
    await options.transport.close().catch(() => undefined);
    throw error;
  }
  const listChanged = Boolean(client.getServerCapabilities()?.tools?.listChanged);

  const execute = async (message: unknown) => {
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
      const payload = await client.callTool({ name, arguments: args });
      port?.post({ jsonrpc: '2.0', id, result: { success: true, payload } });
    } catch (error) {
      const text = error instanceof Error ? error.message : String(error);
      port?.post({ jsonrpc: '2.0', id, result: { success: false, payload: text.slice(0, 2_000) } });
    }
  };

  /** Reconnects in a row without the hub answering; each waits twice as long (1 s to 1 min). */
  let attempts = 0;
  const register = async () => {
    if (stopped) return;
    const opened = options.openPort();
    const openedAt = Date.now();
    port = opened;
    opened.onMessage((message) => void execute(message));
    // The background stopped (or was updated, or refused the port): connect again, backing off
    // only while ports keep being refused at once.
    opened.onDisconnect(() => {
      if (port === opened) port = undefined;
      if (stopped) return;
      if (Date.now() - openedAt > 10_000) attempts = 0;
      const delay = Math.min(60_000, 1_000 * 2 ** attempts);
      attempts += 1;
      setTimeout(() => void register().catch(() => undefined), delay);
    });
    lastSent = '';
    send('browser/registerTools', (await client.listTools()).tools);
  };
  await register();
  // The page's server stopped (a single-page app tearing it down): its tools go, and the proxy
  // lets go of its port, so a server started again is found afresh.
  const closed = new Promise<void>((resolve) => {
    client.onclose = () => {
      if (!stopped) {
        stopped = true;
        clearTimeout(timer);
        clearInterval(poll);
        port?.post({ jsonrpc: '2.0', method: 'browser/updateTools', params: { tools: [] } });
        port?.disconnect();
        port = undefined;
      }
      resolve();
    };
  });
  if (!listChanged) {
    poll = setInterval(
      () =>
        void client.listTools().then(
          ({ tools }) => send('browser/updateTools', tools),
          () => undefined,
        ),
      options.pollMs ?? POLL_INTERVAL_MS,
    );
  }
  return {
    closed,
    async stop() {
      stopped = true;
      clearTimeout(timer);
      clearInterval(poll);
      port?.disconnect();
      await client.close();
    },
  };
}
