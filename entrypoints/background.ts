import { createMcpManager } from '../src/mcp/manager';
import { createRouter } from '../src/messaging/router';
import {
  createChromeAlarms,
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
