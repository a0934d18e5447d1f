import { createMcpManager } from '../src/mcp/manager';
import { createRouter } from '../src/messaging/router';
import { createPageToolsService } from '../src/page-tools/page-tools-service';
import {
  createChromeBrowserTabs,
  createChromeTabTransport,
} from '../src/platform/chrome-page-tools';
import {
  createChromeAlarms,
  createChromeAttention,
  createChromeBroadcaster,
  createChromeIdentity,
  createChromeKeepAlive,
  createChromeStore,
  restrictStorageToExtensionPages,
} from '../src/platform/chrome';

export default defineBackground(() => {
  void restrictStorageToExtensionPages();
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
  // Websites' own tools: the proxies' ports are heard from the worker's first moment.
  const pageTools = createPageToolsService({
    transport: createChromeTabTransport(),
    tabs: createChromeBrowserTabs(),
    store: createChromeStore(),
    sessionStore: createChromeStore('session'),
    broadcaster: createChromeBroadcaster(),
  });
  const router = createRouter({ manager, extensionId: browser.runtime.id, pageTools });

  // Registered synchronously so a message that wakes the worker is not missed.
  browser.runtime.onMessage.addListener((message, sender, sendResponse) => {
    void router.handle(message, sender).then(sendResponse);
    return true;
  });

  void browser.sidePanel.setPanelBehavior({ openPanelOnActionClick: true });
  void manager.init();
  void pageTools.init();
});
