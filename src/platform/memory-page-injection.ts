/**
 * In-memory twins of where page tools run (src/page-tools/ports.ts): an injector that records
 * which sites the proxy is registered for and which tabs it was injected into, and detectors
 * whose counts a test posts.
 */
import type { OfferTransport, PageInjector } from '../page-tools/ports';

/** A tab's page: its address, its WebMCP tools, and whether an MCP-B server answers there. */
export interface MemoryPage {
  url: string;
  webmcpTools: number;
  mcpB?: boolean;
}

export function createMemoryPageInjector(): PageInjector & {
  /** The sites registered now. */
  registered: { always: string[]; once: string[] };
  injected: number[];
  /** The tabs the detector was run in. */
  detected: number[];
  /** What each tab's page is. */
  pages: Map<number, MemoryPage>;
  /** Makes the next call fail (the browser refused). */
  failNext(): void;
} {
  let fail = false;
  const check = () => {
    if (!fail) return;
    fail = false;
    throw new Error('refused');
  };
  const pageOf = (tabId: number) => {
    check();
    const page = injector.pages.get(tabId);
    if (!page) throw new Error(`No tab ${tabId}.`);
    return page;
  };
  const injector = {
    registered: { always: [] as string[], once: [] as string[] },
    injected: [] as number[],
    detected: [] as number[],
    pages: new Map<number, MemoryPage>(),
    failNext: () => void (fail = true),
    async register(sites: { always: readonly string[]; once: readonly string[] }) {
      check();
      injector.registered = { always: [...sites.always], once: [...sites.once] };
    },
    async inject(tabId: number) {
      check();
      injector.injected.push(tabId);
    },
    async address(tabId: number) {
      return pageOf(tabId).url;
    },
    async detect(tabId: number) {
      check();
      injector.detected.push(tabId);
    },
    async probe(tabId: number) {
      const { url, webmcpTools, mcpB = false } = pageOf(tabId);
      return { url, webmcpTools, mcpB };
    },
  };
  return injector;
}

export function createMemoryOfferTransport(): OfferTransport & {
  offer(tabId: number, url: string, count: number): void;
  gone(tabId: number): void;
} {
  const offers = new Set<Parameters<OfferTransport['onOffer']>[0]>();
  const gone = new Set<(tabId: number) => void>();
  return {
    onOffer(listener) {
      offers.add(listener);
      return () => offers.delete(listener);
    },
    onGone(listener) {
      gone.add(listener);
      return () => gone.delete(listener);
    },
    offer(tabId, url, count) {
      for (const listener of offers) listener(tabId, count, { url });
    },
    gone(tabId) {
      for (const listener of gone) listener(tabId);
    },
  };
}
