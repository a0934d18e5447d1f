/**
 * The offscreen host document (chrome.offscreen) from the background's side: one document, as
 * Chrome allows one per extension, hosting whichever parts are needed (the routine runner while
 * a run is due, browser access's relay link while it is wanted), each a worker it starts on
 * demand. It is opened with the first part and closed when the last one stops; the document
 * says which parts run, so a new service worker closes it correctly too. Nothing is opened
 * while no part is needed.
 */
import { browser, type Browser } from 'wxt/browser';
import {
  hostPartAnswerSchema,
  linkCommandAnswerSchema,
  type HostPart,
  type LinkCommand,
  type LinkState,
} from '../messaging/browser-link-contract';

const HOST_PATH = '/offscreen.html';

/** A part of the host: started and stopped by its user. */
export interface HostPartControl {
  start(): Promise<void>;
  stop(): Promise<void>;
}

export function createChromeOffscreenHost() {
  // One operation at a time: opening, telling a part and closing never interleave.
  let queue: Promise<unknown> = Promise.resolve();
  const serial = <T>(operation: () => Promise<T>): Promise<T> => {
    const next = queue.then(operation, operation);
    queue = next.catch(() => undefined);
    return next;
  };
  const hostUrl = browser.runtime.getURL(HOST_PATH);
  const isOpen = async () =>
    (
      await browser.runtime.getContexts({
        contextTypes: ['OFFSCREEN_DOCUMENT' as Browser.runtime.ContextType],
        documentUrls: [hostUrl],
      })
    ).length > 0;
  const tellPart = async (part: HostPart, on: boolean) =>
    hostPartAnswerSchema.parse(
      await browser.runtime.sendMessage({ type: 'offscreen-host/part', payload: { part, on } }),
    ).parts;

  const part = (name: HostPart): HostPartControl => ({
    start: () =>
      serial(async () => {
        if (!(await isOpen())) {
          await browser.offscreen.createDocument({
            url: HOST_PATH,
            reasons: ['WORKERS' as Browser.offscreen.Reason],
            justification:
              'Runs, each in a worker and only while needed, the routines the person scheduled and the link to their own relay that lets their desktop apps use this browser.',
          });
        }
        await tellPart(name, true);
      }),
    stop: () =>
      serial(async () => {
        if (!(await isOpen())) return;
        const left = await tellPart(name, false).catch(() => []);
        if (left.length === 0) await browser.offscreen.closeDocument().catch(() => undefined);
      }),
  });

  return {
    /** The routine runner's part. */
    routines: part('routines'),
    /** The relay link's part. */
    link: part('link'),
    /** Tells the link; resolves with its state, or undefined when the link is not running. */
    async command(command: LinkCommand): Promise<LinkState | undefined> {
      if (!(await isOpen())) return undefined;
      const answer = linkCommandAnswerSchema.safeParse(
        await browser.runtime.sendMessage(command).catch(() => undefined),
      );
      return answer.success ? answer.data.state : undefined;
    },
    /**
     * Whether a message comes from this extension's offscreen host document: its URL, in no
     * tab (an extension page opened in a tab has one), while the host is open. Chrome gives
     * such messages no documentId to look up.
     */
    async isHost(sender: Browser.runtime.MessageSender): Promise<boolean> {
      if (sender.id !== browser.runtime.id || sender.tab !== undefined) return false;
      if (sender.url !== hostUrl || sender.origin !== new URL(hostUrl).origin) return false;
      return isOpen();
    },
  };
}

export type ChromeOffscreenHost = ReturnType<typeof createChromeOffscreenHost>;
