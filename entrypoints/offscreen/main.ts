/**
 * The offscreen host document (chrome.offscreen, reason WORKERS): one per extension, as Chrome
 * allows, opened by the background while any of its parts is needed and closed when none is.
 * Each part is a worker it starts on demand, off this page's thread: the routine runner
 * (./runner.worker.ts: the AI SDK and the model providers) and browser access's relay link
 * (./link.worker.ts: the SDK's MCP server package). See src/platform/chrome-offscreen-parts.ts.
 */
import { hostParts } from '../../src/platform/chrome-offscreen-parts';

hostParts({
  routines: () =>
    new Worker(new URL('./runner.worker.ts', import.meta.url), {
      type: 'module',
      name: 'routines',
    }),
  link: () =>
    new Worker(new URL('./link.worker.ts', import.meta.url), { type: 'module', name: 'link' }),
});
