import { createMcpManager } from '../src/mcp/manager';
import { createRouter } from '../src/messaging/router';
import {
  createChromeAlarms,
  createChromeAttention,
  createChromeBroadcaster,
  createChromeIdentity,
  createChromeKeepAlive,
  createChromeStore,
} from '../src/platform/chrome';

export default defineBackground(() => {
  const manager = createMcpManager({
    store: createChromeStore(),
    broadcaster: createChromeBroadcaster(),
    keepAlive: createChromeKeepAlive(),
    identity: createChromeIdentity(),
    alarms: createChromeAlarms(),
    attention: createChromeAttention(),
    // Set at build time (WXT_CLIENT_METADATA_URL) where Patchbay's CIMD is published.
    ...(import.meta.env.WXT_CLIENT_METADATA_URL
      ? { clientMetadataUrl: import.meta.env.WXT_CLIENT_METADATA_URL }
      : {}),
  });
  const router = createRouter({ manager, extensionId: browser.runtime.id });

  // Registered synchronously so a message that wakes the worker is not missed.
  browser.runtime.onMessage.addListener((message, sender, sendResponse) => {
    void router.handle(message, sender).then(sendResponse);
    return true;
  });

  void browser.sidePanel.setPanelBehavior({ openPanelOnActionClick: true });
  void manager.init();
});
