import { createBrowserAgent } from './agent';
import {
  BROWSER_AGENT_GLOBAL,
  BROWSER_AGENT_VERSION,
  type BrowserAgent,
  type BrowserAgentInstallation,
} from './commands';

function isCurrentAgent(value: unknown): value is BrowserAgent {
  return (
    typeof value === 'object' &&
    value !== null &&
    (value as Partial<BrowserAgent>).version === BROWSER_AGENT_VERSION &&
    typeof (value as Partial<BrowserAgent>).run === 'function'
  );
}

/**
 * Puts the browser agent on `scope` (the isolated world's globalThis) as `__patchbayBrowserAgent`,
 * unless an agent of this version is already there: the world outlives each injection, so the
 * first agent, and the refs it handed out, stays. Only an agent from another build is replaced.
 * The page's own scripts cannot see the global: it lives in the extension's isolated world.
 */
export function installBrowserAgent(scope: object, window: Window): BrowserAgentInstallation {
  if (isCurrentAgent(Reflect.get(scope, BROWSER_AGENT_GLOBAL))) {
    return { version: BROWSER_AGENT_VERSION, reused: true };
  }
  Object.defineProperty(scope, BROWSER_AGENT_GLOBAL, {
    value: createBrowserAgent(window),
    configurable: true,
    enumerable: false,
    writable: false,
  });
  return { version: BROWSER_AGENT_VERSION, reused: false };
}
