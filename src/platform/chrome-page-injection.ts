/**
 * The chrome.* side of where page tools run: the proxy and the WebMCP bridge registered at run
 * time for the allowed sites' pages (`chrome.scripting.registerContentScripts`), injected into a
 * tab already open when its site is allowed (`executeScript`), the look at the tab the person
 * is on while the panel is open (src/page-tools/page-look.ts), the detector injected where the
 * look heard an MCP-B server, and the detectors' ports
 * (src/page-tools/page-detector.ts). Only the top frame of a tab, from this extension's own
 * content script, may tell a count.
 */
import { browser, type Browser } from 'wxt/browser';
import { MCP_B_CHANNEL } from '../page-tools/mcp-b-channel';
import { PAGE_OFFER_PORT } from '../page-tools/page-detector';
import { lookInPage, MCP_B_READY_MS, readPageLook, WEBMCP_TOOLS_MS } from '../page-tools/page-look';
import type { OfferTransport, PageInjector } from '../page-tools/ports';
import { sitePatterns } from '../page-tools/site-patterns';
import { topFrameTabOf } from './chrome-page-tools';

const PROXY_FILE = 'content-scripts/page-tools.js' as const;
const DETECTOR_FILE = 'content-scripts/page-detector.js' as const;
const BRIDGE_FILE = 'content-scripts/webmcp-bridge.js' as const;
/** Patchbay's registrations, by how long they last. */
const IDS = {
  always: ['page-tools-always', 'webmcp-bridge-always'],
  once: ['page-tools-once', 'webmcp-bridge-once'],
} as const;

type Registration = Browser.scripting.RegisteredContentScript;

/** The proxy (isolated world) and the bridge (page's world) for these sites. */
function registrations(kind: 'always' | 'once', sites: readonly string[]): Registration[] {
  const matches = sites.flatMap(sitePatterns);
  if (!matches.length) return [];
  const common = { matches, runAt: 'document_start', persistAcrossSessions: kind === 'always' };
  return [
    { ...common, id: IDS[kind][0], js: [PROXY_FILE] },
    { ...common, id: IDS[kind][1], js: [BRIDGE_FILE], world: 'MAIN' },
  ] as Registration[];
}

/** A look the page holds up (it can stall its own world) is given up after this long. */
const LOOK_MS = 3_000;

export function createChromePageInjector(): PageInjector {
  // One change at a time: registering while the last change is unregistering would collide.
  let queue = Promise.resolve();
  return {
    register(sites) {
      const wanted = [
        ...registrations('always', sites.always),
        ...registrations('once', sites.once),
      ];
      const run = queue.then(async () => {
        const ours = new Set<string>([...IDS.always, ...IDS.once]);
        const existing = await browser.scripting.getRegisteredContentScripts();
        const ourScripts = existing.filter((script) => ours.has(script.id));
        const stale = ourScripts.map(({ id }) => id);
        // Nothing to do when they already match (every worker start checks). Chrome keeps
        // neither the scripts' nor their patterns' order.
        const shape = (scripts: { id: string; matches?: string[] }[]) =>
          JSON.stringify(
            scripts.map(({ id, matches }) => [id, [...(matches ?? [])].sort()]).sort(),
          );
        const same = shape(ourScripts) === shape(wanted);
        if (same) return;
        if (stale.length) await browser.scripting.unregisterContentScripts({ ids: stale });
        if (wanted.length) await browser.scripting.registerContentScripts(wanted);
      });
      queue = run.catch(() => undefined);
      return run;
    },
    async inject(tabId) {
      const target = { tabId, frameIds: [0] };
      await browser.scripting.executeScript({
        target,
        files: [`/${BRIDGE_FILE}` as const],
        world: 'MAIN',
      });
      await browser.scripting.executeScript({ target, files: [`/${PROXY_FILE}` as const] });
    },
    async address(tabId) {
      return (await browser.tabs.get(tabId)).url ?? '';
    },
    async detect(tabId) {
      await browser.scripting.executeScript({
        target: { tabId, frameIds: [0] },
        files: [`/${DETECTOR_FILE}` as const],
      });
    },
    async probe(tabId) {
      const tab = await browser.tabs.get(tabId);
      let timer: ReturnType<typeof setTimeout> | undefined;
      const given = new Promise<never>((_resolve, reject) => {
        timer = setTimeout(
          () => reject(new Error('The page did not answer the look in time.')),
          LOOK_MS,
        );
      });
      try {
        const [frame] = await Promise.race([
          browser.scripting.executeScript({
            target: { tabId, frameIds: [0] },
            world: 'MAIN',
            func: lookInPage,
            args: [MCP_B_CHANNEL, MCP_B_READY_MS, WEBMCP_TOOLS_MS],
          }),
          given,
        ]);
        // The page's own world answered: what it says is a claim, bounded here.
        return { url: tab.url ?? '', ...readPageLook(frame?.result) };
      } finally {
        clearTimeout(timer);
      }
    },
  };
}

/** Counts from detectors, as far as they are whole numbers from a tab's top frame. */
export function createChromeOfferTransport(): OfferTransport {
  const offerListeners = new Set<Parameters<OfferTransport['onOffer']>[0]>();
  const goneListeners = new Set<(tabId: number) => void>();
  // Registered when the worker starts, so a detector connecting wakes it and is heard.
  browser.runtime.onConnect.addListener((port) => {
    if (port.name !== PAGE_OFFER_PORT) return;
    const tabId = topFrameTabOf(port);
    if (tabId === undefined) return;
    const url = port.sender?.url ?? port.sender?.tab?.url ?? '';
    port.onMessage.addListener((message: unknown) => {
      const { type, count } = (message ?? {}) as { type?: unknown; count?: unknown };
      if (type !== 'offer' || !Number.isSafeInteger(count) || (count as number) < 0) return;
      for (const listener of offerListeners) listener(tabId, count as number, { url });
    });
    port.onDisconnect.addListener(() => {
      for (const listener of goneListeners) listener(tabId);
    });
  });
  return {
    onOffer(listener) {
      offerListeners.add(listener);
      return () => offerListeners.delete(listener);
    },
    onGone(listener) {
      goneListeners.add(listener);
      return () => goneListeners.delete(listener);
    },
  };
}
