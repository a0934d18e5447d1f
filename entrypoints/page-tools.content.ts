/**
 * Page tools' proxy in every web page's top frame: when the page runs its own MCP server over
 * MCP-B's tab transport, or registers tools with the WebMCP API (heard through the bridge in
 * webmcp-bridge.content.ts), it relays them to Patchbay's hub (src/page-tools/tab-proxy.ts).
 * Pages without either cost a single unanswered handshake (given up after 3 s; a server that
 * starts later announces itself) and open no port.
 */
import { TabClientTransport } from '@mcp-b/transports';
import { connectMcpB } from '../src/page-tools/mcp-b-source';
import { startTabProxy } from '../src/page-tools/tab-proxy';
import { WebMcpLink } from '../src/page-tools/webmcp-source';
import { PAGE_TOOLS_PORT } from '../src/platform/chrome-page-tools';

/** MCP-B's announcement that a page's server started (it may start after the page loads). */
function isServerReady(data: unknown): boolean {
  if (typeof data !== 'object' || data === null) return false;
  const { type, direction, payload } = data as Record<string, unknown>;
  return type === 'mcp' && direction === 'server-to-client' && payload === 'mcp-server-ready';
}

export default defineContentScript({
  matches: ['http://*/*', 'https://*/*'],
  // From the start, so the proxy hears a page's server announce itself the moment it starts
  // (registration within the MCP-B spec's 100 ms; see the bench).
  runAt: 'document_start',
  main() {
    const webmcp = new WebMcpLink(window);
    const start = () => {
      const proxy = startTabProxy({
        connectMcpB: () => connectMcpB(new TabClientTransport({ targetOrigin: location.origin })),
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
