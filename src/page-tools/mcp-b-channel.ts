/**
 * A JSON-RPC client on MCP-B's tab transport, from Patchbay's isolated world: the page posts
 * envelopes `{ channel: 'mcp-default', type: 'mcp', direction, payload }` on its own window, where
 * `payload` is a JSON-RPC message or one of the transport's signals (`mcp-check-ready`,
 * `mcp-server-ready`, `mcp-server-stopped`).
 *
 * Written by hand rather than the MCP SDK's `Client` over `@mcp-b/transports`' `TabClientTransport`
 * on purpose: these scripts run at `document_start` in pages (the detector in every page, the
 * proxy in every page of an allowed site), and the SDK client with its schemas is 74.5 KB
 * gzipped, about 50 ms of script on each load of a page (docs/page-tools-injection.md). The part of
 * MCP used here is small (`initialize`, `tools/list`, `tools/call`, one notification), and nothing
 * a page answers is trusted here: the hub validates every tool and result again
 * (page-tool-messages.ts).
 *
 * Requests carry string ids with a prefix of this client's own: the channel delivers every answer
 * to every client on the page (the page's own, another extension's), so answers to ids it did not
 * send are ignored.
 */

/** MCP-B's default tab channel. */
export const MCP_B_CHANNEL = 'mcp-default';
/** The protocol version asked for; a page's server may answer with any version MCP-B speaks. */
export const PAGE_PROTOCOL_VERSION = '2025-06-18';

/** The most of an error's message kept from a page. */
const MAX_ERROR_TEXT = 500;

export interface ChannelEvents {
  /** The page's server said it started (also its answer to `mcp-check-ready`). */
  onReady?(): void;
  /** The page's server said it stopped. */
  onStopped?(): void;
  /** A notification from the page's server (only its method; the ones used carry no params). */
  onNotification?(method: string): void;
  /** Called before anything heard is handled; returning false ignores it. */
  accept?(): boolean;
}

export interface ChannelClient {
  /** Sends a request; rejects on an error answer, no answer within `timeoutMs`, or close. */
  request(
    method: string,
    params: Record<string, unknown>,
    timeoutMs: number,
  ): Promise<Record<string, unknown>>;
  notify(method: string): void;
  /** Asks whether a server runs (a running one answers `mcp-server-ready`). */
  checkReady(): void;
  /** Stops listening; requests still waiting are rejected. */
  close(): void;
}

/** Thrown for a request that got no answer, an error answer, or was cut off by close. */
export class PageChannelError extends Error {
  override readonly name = 'PageChannelError';
}

interface Waiting {
  resolve(result: Record<string, unknown>): void;
  reject(error: Error): void;
  timer: ReturnType<typeof setTimeout>;
}

interface Envelope {
  channel?: unknown;
  type?: unknown;
  direction?: unknown;
  payload?: unknown;
}

function errorText(error: unknown): string {
  const message = (error as { message?: unknown } | null)?.message;
  return typeof message === 'string' ? message.slice(0, MAX_ERROR_TEXT) : 'The page refused.';
}

export function openChannelClient(
  win: Window,
  name: string,
  events: ChannelEvents = {},
): ChannelClient {
  const prefix = `${name}:${Math.random().toString(36).slice(2)}:`;
  let next = 0;
  let closed = false;
  const waiting = new Map<string, Waiting>();

  const post = (payload: unknown) =>
    win.postMessage(
      { channel: MCP_B_CHANNEL, type: 'mcp', direction: 'client-to-server', payload },
      win.location.origin,
    );

  const settle = (id: string, message: { result?: unknown; error?: unknown }) => {
    const entry = waiting.get(id);
    if (!entry) return; // another client's answer
    waiting.delete(id);
    clearTimeout(entry.timer);
    if ('error' in message && message.error !== undefined)
      entry.reject(new PageChannelError(errorText(message.error)));
    else if (typeof message.result === 'object' && message.result !== null)
      entry.resolve(message.result as Record<string, unknown>);
    else entry.reject(new PageChannelError('The page answered without a result.'));
  };

  function onMessage(event: MessageEvent) {
    const data = event.data as Envelope | null;
    if (
      event.source !== win ||
      typeof data !== 'object' ||
      data === null ||
      data.channel !== MCP_B_CHANNEL ||
      data.type !== 'mcp' ||
      data.direction !== 'server-to-client'
    )
      return;
    if (events.accept && !events.accept()) return;
    const { payload } = data;
    if (payload === 'mcp-server-ready') events.onReady?.();
    else if (payload === 'mcp-server-stopped') events.onStopped?.();
    else if (typeof payload === 'object' && payload !== null) {
      const message = payload as { id?: unknown; method?: unknown };
      if (typeof message.method === 'string') {
        // The server's own requests: only ping is answered (Patchbay declares no capabilities,
        // and a request meant for another client on the channel is not this client's to refuse).
        if (
          message.method === 'ping' &&
          (typeof message.id === 'string' || typeof message.id === 'number')
        )
          post({ jsonrpc: '2.0', id: message.id, result: {} });
        else if (message.id === undefined) events.onNotification?.(message.method);
      } else if (typeof message.id === 'string') settle(message.id, payload);
    }
  }
  win.addEventListener('message', onMessage);

  return {
    request(method, params, timeoutMs) {
      if (closed) return Promise.reject(new PageChannelError('The channel to the page closed.'));
      return new Promise((resolve, reject) => {
        const id = `${prefix}${(next += 1)}`;
        const timer = setTimeout(() => {
          waiting.delete(id);
          reject(new PageChannelError(`The page did not answer ${method}.`));
        }, timeoutMs);
        waiting.set(id, { resolve, reject, timer });
        post({ jsonrpc: '2.0', id, method, params });
      });
    },
    notify: (method) => post({ jsonrpc: '2.0', method }),
    checkReady: () => post('mcp-check-ready'),
    close() {
      if (closed) return;
      closed = true;
      win.removeEventListener('message', onMessage);
      for (const entry of waiting.values()) {
        clearTimeout(entry.timer);
        entry.reject(new PageChannelError('The channel to the page closed.'));
      }
      waiting.clear();
    },
  };
}
