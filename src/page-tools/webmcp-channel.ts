/**
 * The messages between Patchbay's WebMCP bridge (in the page's own world, where a polyfilled
 * `document.modelContext` lives) and its proxy (in the content script's isolated world), posted
 * on the page's window. The page sees them and can forge them; it can only lie about its own
 * tools that way, and the proxy and the hub check everything that arrives.
 */
export const WEBMCP_CHANNEL = 'patchbay:webmcp';

/** From the proxy to the bridge. */
export type ToBridge =
  | { channel: typeof WEBMCP_CHANNEL; to: 'page'; type: 'list' }
  | {
      channel: typeof WEBMCP_CHANNEL;
      to: 'page';
      type: 'execute';
      id: string;
      name: string;
      args: Record<string, unknown>;
    };

/** From the bridge to the proxy. */
export type ToProxy =
  | {
      channel: typeof WEBMCP_CHANNEL;
      to: 'extension';
      type: 'tools';
      /** Whether the page has the WebMCP API with `getTools` and `executeTool`. */
      available: boolean;
      tools: unknown[];
    }
  | {
      channel: typeof WEBMCP_CHANNEL;
      to: 'extension';
      type: 'result';
      id: string;
      ok: boolean;
      /** `executeTool`'s answer (a string or null) when ok, else the error's message. */
      value: unknown;
    };

/** Whether `data` is on the channel, going `to` the given side (its fields are checked later). */
export function onChannel(data: unknown, to: 'page' | 'extension'): data is { type: unknown } {
  return (
    typeof data === 'object' &&
    data !== null &&
    (data as { channel?: unknown }).channel === WEBMCP_CHANNEL &&
    (data as { to?: unknown }).to === to
  );
}
