/**
 * An open side panel wakes the worker after Chrome stops it (an update, a crash, idle): the
 * panel holds a port to the worker, whose end closes when the worker stops, and connects again
 * at once, which starts the worker, and with it everything it keeps up (the relay link, the
 * servers' connections). The port keeps nothing alive (Chrome 114+ counts messages, not open
 * ports): an idle worker still stops, and is woken again only while the panel is open.
 */
import { browser, type Browser } from 'wxt/browser';

export const PANEL_WATCH_PORT = 'patchbay-panel-watch';
/** Connects that fail this soon after the last one wait longer before the next. */
const RETRY_DELAYS_MS = [0, 250, 1_000, 5_000];

/** The worker's end: registered when it starts, so the panel's connect is heard. */
export function acceptPanelWatch(): void {
  browser.runtime.onConnect.addListener((port) => {
    if (port.name !== PANEL_WATCH_PORT) return;
    // Only the extension's own pages hold this port (a content script's sender is its page).
    if (!port.sender?.url?.startsWith(browser.runtime.getURL('/'))) port.disconnect();
  });
}

/** The panel's end: connects, and connects again whenever the worker's end closes. */
export function watchWorkerFromPanel(): () => void {
  let port: Browser.runtime.Port | undefined;
  let failures = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let stopped = false;
  const connect = () => {
    if (stopped) return;
    const openedAt = Date.now();
    port = browser.runtime.connect({ name: PANEL_WATCH_PORT });
    port.onDisconnect.addListener(() => {
      port = undefined;
      // A port that held a while was a live worker stopping; one closed at once, a failed start.
      failures = Date.now() - openedAt < 1_000 ? failures + 1 : 0;
      const delay = RETRY_DELAYS_MS[Math.min(failures, RETRY_DELAYS_MS.length - 1)]!;
      timer = setTimeout(connect, delay);
    });
  };
  connect();
  return () => {
    stopped = true;
    clearTimeout(timer);
    port?.disconnect();
  };
}
