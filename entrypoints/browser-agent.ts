/**
 * The browser agent, injected on demand into a tab's top frame, in Patchbay's isolated world:
 * `chrome.scripting.executeScript({ files: ['/browser-agent.js'] })`. It installs
 * `globalThis.__patchbayBrowserAgent` (src/browser-tools/page-agent/commands.ts is the contract),
 * which later executeScript calls run commands on. Injecting it again keeps the first agent; the
 * script's result says which happened.
 */
import { installBrowserAgent } from '../src/browser-tools/page-agent/install';

export default defineUnlistedScript(() => installBrowserAgent(globalThis, window));
