/**
 * The look at a page of a site nobody allowed, in the page's own world (`executeScript` with
 * `world: 'MAIN'`, serialized by Chrome: no imports, no extension API there), which leaves nothing
 * behind: how many tools the page registered with the WebMCP API (native or polyfilled), and
 * whether an MCP-B server answers on its tab channel now.
 *
 * Only a page whose MCP-B server answered gets the detector (page-detector.ts), which counts that
 * server's tools. The detector runs in Patchbay's isolated world, and a world made in a page costs
 * the page's renderer about a tenth of the next page's load time (`npm run bench -- page-load`,
 * docs/performance.md): a look at every page the open panel is on must not make one.
 */

/** What the page's world answered; a claim of the page's, bounded by {@link readPageLook}. */
export interface PageLook {
  webmcpTools: number;
  mcpB: boolean;
}

/** How long the page's MCP-B server has to answer `mcp-check-ready`. */
export const MCP_B_READY_MS = 300;
/** How long the page's `getTools()` has to answer. */
export const WEBMCP_TOOLS_MS = 1_000;

/**
 * Runs in the page's world. Self-contained on purpose (Chrome sends its source, not its
 * closure): the channel and the waits come in as arguments.
 */
export async function lookInPage(
  channel: string,
  readyMs: number,
  toolsMs: number,
): Promise<PageLook> {
  // The give-up timer is cleared once the work settles: the look leaves nothing pending.
  const within = <T>(work: Promise<T>, ms: number, otherwise: T) => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const givenUp = new Promise<T>((resolve) => (timer = setTimeout(() => resolve(otherwise), ms)));
    return Promise.race([work, givenUp]).finally(() => clearTimeout(timer));
  };

  const webmcpTools = async () => {
    const context = (document as Document & { modelContext?: { getTools?: () => unknown } })
      .modelContext;
    if (!context || typeof context.getTools !== 'function') return 0;
    const tools = await within(Promise.resolve(context.getTools()), toolsMs, undefined);
    return Array.isArray(tools) ? tools.length : 0;
  };

  // MCP-B's tab transport answers `mcp-check-ready` with `mcp-server-ready` when a server runs.
  const mcpB = () =>
    new Promise<boolean>((resolve) => {
      const heard = (event: MessageEvent) => {
        const data = event.data as {
          channel?: unknown;
          type?: unknown;
          direction?: unknown;
          payload?: unknown;
        } | null;
        if (
          event.source === window &&
          data?.channel === channel &&
          data.type === 'mcp' &&
          data.direction === 'server-to-client' &&
          data.payload === 'mcp-server-ready'
        )
          finish(true);
      };
      const timer = setTimeout(() => finish(false), readyMs);
      function finish(answered: boolean) {
        clearTimeout(timer);
        window.removeEventListener('message', heard);
        resolve(answered);
      }
      window.addEventListener('message', heard);
      window.postMessage(
        { channel, type: 'mcp', direction: 'client-to-server', payload: 'mcp-check-ready' },
        location.origin,
      );
    });

  const [tools, server] = await Promise.all([webmcpTools().catch(() => 0), mcpB()]);
  return { webmcpTools: tools, mcpB: server };
}

/** The most tools a page may claim for its offer (a page lists 128 at most for Patchbay). */
const MAX_CLAIMED_TOOLS = 128;

/** The page's answer as far as it is what {@link lookInPage} returns; anything else is nothing. */
export function readPageLook(answer: unknown): PageLook {
  const { webmcpTools, mcpB } = (answer ?? {}) as { webmcpTools?: unknown; mcpB?: unknown };
  return {
    webmcpTools:
      typeof webmcpTools === 'number' && Number.isSafeInteger(webmcpTools) && webmcpTools > 0
        ? Math.min(webmcpTools, MAX_CLAIMED_TOOLS)
        : 0,
    mcpB: mcpB === true,
  };
}
