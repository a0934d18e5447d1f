/**
 * An open side panel wakes the worker after Chrome stops it (an update, a crash), while the
 * worker has something to keep up (the relay link): the panel holds a port to the worker, whose
 * end closes when the worker stops, and connects again at once, which starts the worker and
 * everything it keeps up. The worker says on the port whether it wants that (`keepUp`); when it
 * does not, a stopped worker stays stopped until something else wakes it, and the panel connects
 * again only once the worker talks to it. The port keeps nothing alive (Chrome 114+ counts
 * messages, not open ports): an idle worker with nothing to keep up still stops.
 */
import { browser, type Browser } from 'wxt/browser';

export const PANEL_WATCH_PORT = 'patchbay-panel-watch';
/** Connects that fail this soon after the last one wait longer before the next. */
const RETRY_DELAYS_MS = [0, 250, 1_000, 5_000];

const keepUpOf = (message: unknown): boolean | undefined => {
  const value = (message as { keepUp?: unknown } | null)?.keepUp;
  return typeof value === 'boolean' ? value : undefined;
};

/** The worker's end: registered when it starts, so the panel's connect is heard. */
export function acceptPanelWatch(): { setKeepUp(on: boolean): void; hasPanel(): boolean } {
  const ports = new Set<Browser.runtime.Port>();
  let keepUp = false;
  browser.runtime.onConnect.addListener((port) => {
    if (port.name !== PANEL_WATCH_PORT) return;
    // Only the extension's own pages hold this port (a content script's sender is its page).
    if (!port.sender?.url?.startsWith(browser.runtime.getURL('/'))) {
      port.disconnect();
      return;
    }
    ports.add(port);
    port.onDisconnect.addListener(() => ports.delete(port));
    port.postMessage({ keepUp });
  });
  return {
    /** Whether a side panel is open now (its port is connected). */
    hasPanel: () => ports.size > 0,
    /** Whether an open panel should start the worker again at once after a stop. */
    setKeepUp(on) {
      if (on === keepUp) return;
      keepUp = on;
      for (const port of ports) port.postMessage({ keepUp });
    },
  };
}

/** The panel's end: connects, and connects again when the worker's end closes and it asked to. */
export function watchWorkerFromPanel(): () => void {
  let port: Browser.runtime.Port | undefined;
  let keepUp = false;
  let failures = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let stopped = false;
  const connect = () => {
    clearTimeout(timer);
    if (stopped || port) return;
    const openedAt = Date.now();
    const opened = browser.runtime.connect({ name: PANEL_WATCH_PORT });
    port = opened;
    opened.onMessage.addListener((message: unknown) => {
      keepUp = keepUpOf(message) ?? keepUp;
    });
    opened.onDisconnect.addListener(() => {
      if (port === opened) port = undefined;
      if (!keepUp || stopped) return;
      // A port that held a while was a live worker stopping; one closed at once, a failed start.
      failures = Date.now() - openedAt < 1_000 ? failures + 1 : 0;
      const delay = RETRY_DELAYS_MS[Math.min(failures, RETRY_DELAYS_MS.length - 1)]!;
      timer = setTimeout(connect, delay);
    });
  };
  // The worker talking to the panel (a broadcast) means it runs: the port can be made again.
  const heard = () => void connect();
  browser.runtime.onMessage.addListener(heard);
  connect();
  return () => {
    stopped = true;
    clearTimeout(timer);
    browser.runtime.onMessage.removeListener(heard);
    port?.disconnect();
  };
}
