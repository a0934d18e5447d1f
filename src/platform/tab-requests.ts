/**
 * The hub's requests to tabs' proxies waiting for their answers: each with an id of its own,
 * answered only from its own tab, timing out, and failing when its tab's port goes.
 */
import type { ExecuteToolRequest } from '../page-tools/page-tool-messages';
import { TabGoneError, TabTimeoutError } from '../page-tools/ports';

interface Waiting {
  tabId: number;
  resolve(value: unknown): void;
  reject(error: Error): void;
  timer: ReturnType<typeof setTimeout>;
}

const gone = (tabId: number) => new TabGoneError(`Tab ${tabId} closed or left its page.`);

/** A proxy's answer to a request: a JSON-RPC result with a string id. */
export function responseOf(message: unknown): { id: string; result: unknown } | undefined {
  if (typeof message !== 'object' || message === null) return undefined;
  const { jsonrpc, id, result, method } = message as Record<string, unknown>;
  if (jsonrpc !== '2.0' || typeof id !== 'string' || method !== undefined) return undefined;
  return { id, result };
}

export function createTabRequests() {
  const waiting = new Map<string, Waiting>();
  return {
    /** Sends the request on the tab's port; resolves with the answer's result. */
    send(
      tabId: number,
      port: { postMessage(message: unknown): void },
      request: ExecuteToolRequest,
      timeoutMs: number,
    ): Promise<unknown> {
      const id = crypto.randomUUID();
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => {
          waiting.delete(id);
          reject(new TabTimeoutError(`Tab ${tabId} did not answer within ${timeoutMs} ms.`));
        }, timeoutMs);
        waiting.set(id, { tabId, resolve, reject, timer });
        try {
          port.postMessage({ jsonrpc: '2.0', id, ...request });
        } catch {
          waiting.delete(id);
          clearTimeout(timer);
          reject(gone(tabId));
        }
      });
    },
    /** An answer from the tab: settles its request, if the tab sent it one. */
    answer(tabId: number, response: { id: string; result: unknown }): void {
      const call = waiting.get(response.id);
      if (!call || call.tabId !== tabId) return;
      waiting.delete(response.id);
      clearTimeout(call.timer);
      call.resolve(response.result);
    },
    /** The tab's port went: its requests fail. */
    failTab(tabId: number): void {
      for (const [id, call] of waiting) {
        if (call.tabId !== tabId) continue;
        waiting.delete(id);
        clearTimeout(call.timer);
        call.reject(gone(tabId));
      }
    },
  };
}
