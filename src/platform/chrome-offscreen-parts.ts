/**
 * The offscreen host document's side (entrypoints/offscreen/): it starts and stops its parts,
 * each a worker, as the background asks (`offscreen-host/part`), bridges each to chrome.runtime,
 * and passes the background's commands for the link (`link-host/*`) to the link's worker. Only
 * the service worker may start, stop or command a part: content scripts can message extension
 * pages too.
 */
import { browser, type Browser } from 'wxt/browser';
import { hostPartCommandSchema, type HostPart } from '../messaging/browser-link-contract';
import { bridgeWorkerToRuntime, type BridgedWorker } from './chrome-runtime-bridge';

/** The command prefix of the link part. */
const LINK_COMMAND = /^link-host\//;

/** Whether a message comes from Patchbay's own service worker. */
function fromServiceWorker(sender: Browser.runtime.MessageSender): boolean {
  return (
    sender.id === browser.runtime.id &&
    sender.tab === undefined &&
    sender.url === browser.runtime.getURL('/background.js')
  );
}

/** Runs the host's parts: `starters` makes each part's worker. */
export function hostParts(starters: Record<HostPart, () => Worker>): void {
  const running = new Map<HostPart, BridgedWorker>();
  const toggle = (part: HostPart, on: boolean) => {
    const current = running.get(part);
    if (on && !current) running.set(part, bridgeWorkerToRuntime(starters[part]()));
    if (!on && current) {
      current.stop();
      running.delete(part);
    }
    return { parts: [...running.keys()] };
  };
  browser.runtime.onMessage.addListener((message: unknown, sender, sendResponse) => {
    const partCommand = hostPartCommandSchema.safeParse(message);
    if (partCommand.success) {
      if (!fromServiceWorker(sender)) return undefined;
      sendResponse(toggle(partCommand.data.payload.part, partCommand.data.payload.on));
      return undefined;
    }
    const type = (message as { type?: unknown } | null)?.type;
    if (typeof type === 'string' && LINK_COMMAND.test(type)) {
      const link = running.get('link');
      if (!link || !fromServiceWorker(sender)) return undefined;
      void link.command(message).then(sendResponse);
      return true;
    }
    // Everything else the page hears (the background's broadcasts) goes to the routine runner.
    running.get('routines')?.broadcast(message);
    return undefined;
  });
}
