/**
 * The WebMCP bridge (src/page-tools/webmcp-bridge.ts) in the top frame of pages of sites the
 * person allowed (registered at run time, like the proxy), in the page's own world, where a polyfilled `document.modelContext` can be seen. It holds nothing of
 * Patchbay's: no extension API reaches this world.
 */
import { startWebMcpBridge } from '../src/page-tools/webmcp-bridge';

export default defineContentScript({
  registration: 'runtime',
  // No `matches`: the worker names the pages at run time, and WXT would add any here to the
  // manifest's required host permissions (site access is asked for, never required).
  runAt: 'document_start',
  world: 'MAIN',
  main() {
    // Injected into a tab whose registered copy already runs: one bridge a page.
    const mark = Symbol.for('patchbay.webmcpBridge');
    if (mark in window) return;
    Object.defineProperty(window, mark, { value: true });
    startWebMcpBridge(window);
  },
});
