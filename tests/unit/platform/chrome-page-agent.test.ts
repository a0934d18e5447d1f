// @vitest-environment jsdom
/**
 * The chrome.* side of the page agent (src/platform/chrome-page-agent.ts), against a stand-in
 * for `chrome.scripting.executeScript` that runs the injected function, or the agent's script
 * (entrypoints/browser-agent.ts), in this document. The real injection runs in Chromium in
 * tests/e2e/browser-access.test.ts.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  BROWSER_AGENT_GLOBAL,
  BROWSER_AGENT_VERSION,
  type BrowserAgent,
} from '../../../src/browser-tools/page-agent/commands';

/** How often the agent's script was injected. */
const injections = vi.hoisted(() => ({ count: 0 }));

vi.mock('wxt/browser', async () => {
  const { installBrowserAgent } = await import('../../../src/browser-tools/page-agent/install');
  type Injection = { files?: string[]; func?: (...args: unknown[]) => unknown; args?: unknown[] };
  return {
    browser: {
      scripting: {
        async executeScript(injection: Injection) {
          if (injection.files) {
            injections.count += 1;
            return [{ documentId: 'document-1', result: installBrowserAgent(globalThis, window) }];
          }
          const result = await injection.func!(...(injection.args ?? []));
          return [{ documentId: 'document-1', result }];
        },
      },
    },
  };
});

const { runInPage } = await import('../../../src/platform/chrome-page-agent');

const agentHere = () => Reflect.get(globalThis, BROWSER_AGENT_GLOBAL) as BrowserAgent | undefined;

afterEach(() => {
  Reflect.deleteProperty(globalThis, BROWSER_AGENT_GLOBAL);
  injections.count = 0;
  document.body.innerHTML = '';
});

describe('the page agent in a tab', () => {
  it('replaces an agent an older build left in the page, whose answers have no summary', async () => {
    document.body.innerHTML = '<p>Opening hours</p>';
    const oldRuns: unknown[] = [];
    // As the first build installed it: version 1, answering without a summary.
    Object.defineProperty(globalThis, BROWSER_AGENT_GLOBAL, {
      value: {
        version: 1,
        run: async (command: unknown) => {
          oldRuns.push(command);
          return { ok: true, matches: [] };
        },
      },
      configurable: true,
    });
    const response = await runInPage(1, { type: 'find', text: 'hours', maxResults: 5 });
    expect(oldRuns).toEqual([]);
    expect(injections.count).toBe(1);
    expect(agentHere()?.version).toBe(BROWSER_AGENT_VERSION);
    expect(response).toMatchObject({ ok: true, summary: expect.stringContaining('hours') });
    // The agent now in the page is used as it is.
    await runInPage(1, { type: 'find', text: 'Opening', maxResults: 5 });
    expect(injections.count).toBe(1);
  });

  it('injects the agent where there is none', async () => {
    document.body.innerHTML = '<p>Opening hours</p>';
    const response = await runInPage(1, { type: 'find', text: 'hours', maxResults: 5 });
    expect(injections.count).toBe(1);
    expect(response).toMatchObject({ ok: true, summary: expect.any(String) });
  });
});
