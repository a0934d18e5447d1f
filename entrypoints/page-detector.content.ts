/**
 * The page-tools detector (src/page-tools/page-detector.ts), in Patchbay's isolated world of a
 * tab's top frame: injected only into the tab the person is on while the side panel is open
 * (and the site is not allowed), it asks whether the page runs an MCP server of its own and
 * counts its tools for the person's "{site} offers N tools". Nothing of Patchbay runs in pages
 * otherwise (docs/page-tools-injection.md).
 */
import {
  DETECTOR_MARK,
  PAGE_OFFER_PORT,
  PROXY_MARK,
  startPageDetector,
} from '../src/page-tools/page-detector';

export default defineContentScript({
  // Not in the manifest: injected by the worker (src/platform/chrome-page-injection.ts).
  registration: 'runtime',
  // No `matches`: the worker names the pages at run time, and WXT would add any here to the
  // manifest's required host permissions (site access is asked for, never required).
  main() {
    const shared = globalThis as Record<string, unknown>;
    if (shared[DETECTOR_MARK] === true) return;
    shared[DETECTOR_MARK] = true;
    startPageDetector(window, {
      proxyRunning: () => shared[PROXY_MARK] === true,
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
