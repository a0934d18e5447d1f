/**
 * Whether a side panel is open, as the worker sees it: the panel holds a port to the worker.
 * The port keeps nothing alive (Chrome 114+ counts messages, not open ports) and wakes nothing:
 * its end closes when the worker stops, and the panel connects again once the worker talks to
 * it (a broadcast). Nothing needs a stopped worker started at once: the relay link lives in the
 * offscreen host (src/platform/chrome-offscreen-host.ts), whose messages wake the worker.
 */
import { browser, type Browser } from 'wxt/browser';

export const PANEL_WATCH_PORT = 'patchbay-panel-watch';

/** The worker's end: registered when it starts, so the panel's connect is heard. */
export function acceptPanelWatch(): { hasPanel(): boolean } {
  const ports = new Set<Browser.runtime.Port>();
  browser.runtime.onConnect.addListener((port) => {
    if (port.name !== PANEL_WATCH_PORT) return;
    // Only the extension's own pages hold this port (a content script's sender is its page).
    if (!port.sender?.url?.startsWith(browser.runtime.getURL('/'))) {
      port.disconnect();
      return;
    }
    ports.add(port);
    port.onDisconnect.addListener(() => ports.delete(port));
  });
  return {
    /** Whether a side panel is open now (its port is connected). */
    hasPanel: () => ports.size > 0,
  };
}

/** The panel's end: connects, and connects again once the worker talks after its end closed. */
export function watchWorkerFromPanel(): () => void {
  let port: Browser.runtime.Port | undefined;
  let stopped = false;
  const connect = () => {
    if (stopped || port) return;
    const opened = browser.runtime.connect({ name: PANEL_WATCH_PORT });
    port = opened;
    opened.onDisconnect.addListener(() => {
      if (port === opened) port = undefined;
    });
  };
  // The worker talking to the panel (a broadcast) means it runs: the port can be made again.
  const heard = () => void connect();
  browser.runtime.onMessage.addListener(heard);
  connect();
  return () => {
    stopped = true;
    browser.runtime.onMessage.removeListener(heard);
    port?.disconnect();
  };
}
