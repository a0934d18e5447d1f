/**
 * In-memory stand-ins for the page-tools hub's ports (src/page-tools/ports.ts): tabs whose
 * proxies answer `browser/executeTool` with a function per tab, and a browser that opens tabs
 * whose pages register their tools after a scripted delay.
 */
import type { ExecuteToolRequest } from '../../src/page-tools/page-tool-messages';
import {
  TabGoneError,
  TabNotReadyError,
  TabTimeoutError,
  type BrowserTabs,
  type TabHubTransport,
} from '../../src/page-tools/ports';

type Answer = (request: ExecuteToolRequest) => Promise<unknown> | unknown;

export function createFakeTransport() {
  const messageListeners = new Set<
    (tabId: number, message: unknown, sender: { url: string }) => void
  >();
  const disconnectListeners = new Set<(tabId: number) => void>();
  const answers = new Map<number, Answer>();
  /** Calls still waiting, by tab: a tab that closes fails them. */
  const waiting = new Map<number, Set<(error: Error) => void>>();
  const sent: { tabId: number; request: ExecuteToolRequest }[] = [];
  const transport: TabHubTransport = {
    async sendRequest(tabId, request, timeoutMs) {
      sent.push({ tabId, request });
      const answer = answers.get(tabId);
      if (!answer) throw new TabNotReadyError(`Tab ${tabId} has no proxy.`);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new TabTimeoutError('timed out')), timeoutMs);
        const fail = (error: Error) => {
          clearTimeout(timer);
          reject(error);
        };
        const set = waiting.get(tabId) ?? new Set();
        set.add(fail);
        waiting.set(tabId, set);
        void Promise.resolve()
          .then(() => answer(request))
          .then(
            (value) => {
              set.delete(fail);
              clearTimeout(timer);
              resolve(value);
            },
            (error: unknown) => {
              set.delete(fail);
              fail(error instanceof Error ? error : new Error(String(error)));
            },
          );
      });
    },
    onMessage(listener) {
      messageListeners.add(listener);
      return () => messageListeners.delete(listener);
    },
    onDisconnect(listener) {
      disconnectListeners.add(listener);
      return () => disconnectListeners.delete(listener);
    },
    disconnect(tabId) {
      answers.delete(tabId);
    },
  };
  return {
    transport,
    sent,
    /** The tab's proxy sends a message, from a page at `url`. */
    post(tabId: number, url: string, message: unknown) {
      for (const listener of messageListeners) listener(tabId, message, { url });
    },
    /** The tab's proxy answers executions with `answer`. */
    answerWith(tabId: number, answer: Answer) {
      answers.set(tabId, answer);
    },
    /** The tab closes: its port goes, and its waiting calls fail. */
    close(tabId: number) {
      answers.delete(tabId);
      for (const fail of waiting.get(tabId) ?? []) fail(new TabGoneError(`Tab ${tabId} closed.`));
      waiting.delete(tabId);
      for (const listener of disconnectListeners) listener(tabId);
    },
  };
}

export function createFakeTabs(first = 1) {
  let next = first;
  let active: number | undefined;
  const listeners = new Set<(tabId: number) => void>();
  const opened: { tabId: number; url: string }[] = [];
  const closed: number[] = [];
  let onOpen: (tabId: number, url: string) => void = () => undefined;
  const tabs: BrowserTabs = {
    activeTabId: async () => active,
    onActivated(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async open(url) {
      const tabId = next;
      next += 1;
      opened.push({ tabId, url });
      onOpen(tabId, url);
      return tabId;
    },
    async close(tabId) {
      closed.push(tabId);
    },
  };
  return {
    tabs,
    opened,
    closed,
    activate(tabId: number) {
      active = tabId;
      for (const listener of listeners) listener(tabId);
    },
    /** What a newly opened tab's page does (register its tools, say). */
    whenOpened(handler: (tabId: number, url: string) => void) {
      onOpen = handler;
    },
  };
}

export const registerTools = (tools: unknown[], listChanged = true) => ({
  jsonrpc: '2.0',
  method: 'browser/registerTools',
  params: { tools, listChanged },
});

export const updateTools = (tools: unknown[]) => ({
  jsonrpc: '2.0',
  method: 'browser/updateTools',
  params: { tools },
});

export const textResult = (text: string) => ({
  success: true,
  payload: { content: [{ type: 'text', text }] },
});
