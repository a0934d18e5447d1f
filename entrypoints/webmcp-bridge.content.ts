/**
 * The WebMCP bridge (src/page-tools/webmcp-bridge.ts) in every web page's top frame, in the
 * page's own world, where a polyfilled `document.modelContext` can be seen. It holds nothing of
 * Patchbay's: no extension API reaches this world.
 */
import { startWebMcpBridge } from '../src/page-tools/webmcp-bridge';

export default defineContentScript({
  matches: ['http://*/*', 'https://*/*'],
  runAt: 'document_start',
  world: 'MAIN',
  main() {
    startWebMcpBridge(window);
  },
});
