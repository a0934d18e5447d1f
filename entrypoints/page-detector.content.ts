/**
 * The page-tools detector (src/page-tools/page-detector.ts) in every web page's top frame, in
 * Patchbay's isolated world: a few KB that do nothing until a page announces an MCP server of
 * its own, and then only count its tools for the person's "{site} offers N tools". The proxy
 * itself runs only on sites the person allowed (docs/page-tools-injection.md).
 */
import { PAGE_OFFER_PORT, PROXY_MARK, startPageDetector } from '../src/page-tools/page-detector';

export default defineContentScript({
  matches: ['http://*/*', 'https://*/*'],
  // From the start, to hear a page's server announce itself whenever it starts.
  runAt: 'document_start',
  main() {
    startPageDetector(window, {
      proxyRunning: () => (globalThis as Record<string, unknown>)[PROXY_MARK] === true,
      connect() {
        const port = browser.runtime.connect({ name: PAGE_OFFER_PORT });
        return {
          post: (message) => port.postMessage(message),
          onDisconnect: (listener) => port.onDisconnect.addListener(() => listener()),
          disconnect: () => port.disconnect(),
        };
      },
    });
  },
});
