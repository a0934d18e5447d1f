/**
 * Page tools' proxy in the top frame of pages of sites the person allowed (registered at run
 * time, src/platform/chrome-page-injection.ts; injected into a tab already open when its site is
 * allowed): when the page runs its own MCP server over
 * MCP-B's tab transport, or registers tools with the WebMCP API (heard through the bridge in
 * webmcp-bridge.content.ts), it relays them to Patchbay's hub (src/page-tools/tab-proxy.ts).
 * Pages without either cost a single unanswered handshake (given up after 3 s; a server that
 * starts later announces itself) and open no port.
 */
import { connectMcpB } from '../src/page-tools/mcp-b-source';
import { startTabProxy } from '../src/page-tools/tab-proxy';
import { WebMcpLink } from '../src/page-tools/webmcp-source';
import { PAGE_TOOLS_PORT } from '../src/platform/chrome-page-tools';
import { PROXY_MARK } from '../src/page-tools/page-detector';

/** MCP-B's announcement that a page's server started (it may start after the page loads). */
function isServerReady(data: unknown): boolean {
  if (typeof data !== 'object' || data === null) return false;
  const { type, direction, payload } = data as Record<string, unknown>;
  return type === 'mcp' && direction === 'server-to-client' && payload === 'mcp-server-ready';
}

export default defineContentScript({
  // Not in the manifest: registered for allowed sites only (the detector runs everywhere else).
  registration: 'runtime',
  // No `matches`: the worker names the pages at run time, and WXT would add any here to the
  // manifest's required host permissions (site access is asked for, never required).
  // From the start, so the proxy hears a page's server announce itself the moment it starts
  // (registration within the MCP-B spec's 100 ms; see the bench).
  runAt: 'document_start',
  main() {
    // Injected into a tab whose registered copy already runs: one proxy a page.
    const shared = globalThis as Record<string, unknown>;
    if (shared[PROXY_MARK] === true) return;
    // Tells the detector (same isolated world) that it has nothing to do here.
    shared[PROXY_MARK] = true;
    const webmcp = new WebMcpLink(window);
    const start = () => {
      const proxy = startTabProxy({
        connectMcpB: () => connectMcpB(window),
        webmcp,
        openPort() {
          const port = browser.runtime.connect({ name: PAGE_TOOLS_PORT });
          return {
            post: (message) => port.postMessage(message),
            onMessage: (listener) => port.onMessage.addListener(listener),
            onDisconnect: (listener) => port.onDisconnect.addListener(() => listener()),
            disconnect: () => port.disconnect(),
          };
        },
      });
      window.addEventListener('message', (event) => {
        if (event.source === window && isServerReady(event.data)) proxy.findServer();
      });
      webmcp.ask();
    };
    // A page being prerendered is not a tab yet: wait until the person goes to it.
    const prerendering = (document as Document & { prerendering?: boolean }).prerendering;
    if (prerendering) document.addEventListener('prerenderingchange', start, { once: true });
    else start();
  },
});
