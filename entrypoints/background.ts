import { loadApprovalSecret } from '../src/chat-approval/approval-secret';
import { createBrowserAccessService } from '../src/browser-access/browser-access-service';
import { createBrowserTools } from '../src/browser-tools/browser-tools';
import { createMcpManager, type McpManager } from '../src/mcp/manager';
import { skillsFacade } from '../src/skills/skills-facade';
import { createHostAccess, type HostAccess } from '../src/permissions/host-access';
import { createChromePermissions } from '../src/platform/chrome-permissions';
import { createChromeNotifier } from '../src/platform/chrome-notifications';
import { hubSources } from '../src/browser-access/hub-sources';
import type { Broadcast } from '../src/messaging/contract';
import { createRouter } from '../src/messaging/router';
import { routeWorkerMessages } from '../src/messaging/worker-messages';
import { injectorWithinAccess } from '../src/page-tools/injector-within-access';
import { pageToolsWithinAccess } from '../src/page-tools/page-tools-within-access';
import { createPageToolsService } from '../src/page-tools/page-tools-service';
import { createPanelEntry } from '../src/panel-entry/panel-entry';
import { createChromePanelEntryPoints } from '../src/platform/chrome-panel-entry';
import { createChromeBrowserControl } from '../src/platform/chrome-browser-control';
import { acceptPanelWatch } from '../src/platform/chrome-worker-watch';
import {
  createChromeBrowserTabs,
  createChromeTabTransport,
} from '../src/platform/chrome-page-tools';
import {
  createChromeOfferTransport,
  createChromePageInjector,
} from '../src/platform/chrome-page-injection';
import {
  createChromeAlarms,
  createChromeAttention,
  createChromeBroadcaster,
  createChromeIdentity,
  createChromeKeepAlive,
  createChromeStore,
  restrictStorageToExtensionPages,
} from '../src/platform/chrome';
import type { Alarms, Broadcaster } from '../src/platform/ports';
import { shareAttention } from '../src/platform/shared-attention';
import { createLazyOwnRequestOrigins } from '../src/platform/lazy-own-requests';
import { endRedirectCaptures } from '../src/platform/chrome-redirect-capture';
import {
  createChromeOffscreenHost,
  type ChromeOffscreenHost,
} from '../src/platform/chrome-offscreen-host';
import { createLazyRoutineService } from '../src/routines/lazy-routine-service';

/** What changes the tools an external client sees: servers' tools and status, sites' tools. */
const TOOL_CHANGES = new Set<Broadcast['type']>([
  'mcp/tools/changed',
  'mcp/status/changed',
  'mcp/servers/changed',
]);

export default defineBackground(() => {
  void restrictStorageToExtensionPages();
  void endRedirectCaptures();
  // The chat's approval key exists before any panel opens, so two panels never make two.
  void loadApprovalSecret(createChromeStore()).catch(() => undefined);
  const pages = createChromeBroadcaster();
  // Everything the panel hears, browser access hears too: changed tools reach external clients.
  let onBroadcast: (message: Broadcast) => void = () => undefined;
  const broadcaster = {
    broadcast(message: Broadcast) {
      pages.broadcast(message);
      onBroadcast(message);
    },
  };
  const attention = shareAttention(createChromeAttention());
  const alarms = createChromeAlarms();
  // The sites Chrome lets Patchbay reach: none at install, each asked for from a click.
  const hostAccess = createHostAccess(createChromePermissions());
  // An open panel's port: whether a panel is open.
  const panelWatch = acceptPanelWatch();
  // The offscreen host document: the routine runner and the relay link, each only while needed.
  const offscreen = createChromeOffscreenHost();
  const manager = createMcpManager({
    hostAccess,
    store: createChromeStore(),
    broadcaster,
    // Origin is left out only for the hosts of servers that refuse it, once one has.
    origins: createLazyOwnRequestOrigins(),
    keepAlive: createChromeKeepAlive(),
    identity: createChromeIdentity(),
    alarms,
    attention: attention(),
    // Tasks that end while no panel is open are counted on the badge until a chat takes them.
    taskAttention: attention(),
    panelOpen: () => panelWatch.hasPanel(),
    taskNotifier: createChromeNotifier(),
    // Set at build time (WXT_CLIENT_METADATA_URL) where Patchbay's CIMD is published.
    ...(import.meta.env.WXT_CLIENT_METADATA_URL
      ? { clientMetadataUrl: import.meta.env.WXT_CLIENT_METADATA_URL }
      : {}),
  });
  // Servers' sessions are read from storage at once: a message that woke the worker (a tool
  // call) finds them read while the rest of the worker was being built.
  void manager.init();
  // Websites' own tools: the proxies' ports are heard from the worker's first moment.
  const pageTools = createPageTools(hostAccess, broadcaster);
  const browserAccess = createBrowserAccessService({
    store: createChromeStore(),
    sessionStore: createChromeStore('session'),
    broadcaster,
    attention: attention(),
    alarms,
    browser: createBrowserTools(createChromeBrowserControl()),
    sources: hubSources(manager, pageTools),
    linkHost: { ...offscreen.link, command: (command) => offscreen.command(command) },
    version: browser.runtime.getManifest().version,
  });
  onBroadcast = (message) => {
    if (TOOL_CHANGES.has(message.type)) browserAccess.toolsChanged();
  };
  const routines = createRoutines(alarms, broadcaster, offscreen, manager);
  const router = createRouter({
    manager,
    // Servers' skills, over the manager's sessions; their work is a lazy part (src/skills/).
    skills: skillsFacade(manager.sessionAccess),
    extensionId: browser.runtime.id,
    pageTools,
    browserAccess,
    routines,
  });

  // Registered synchronously so a message that wakes the worker is not missed.
  const handleMessage = routeWorkerMessages({
    router,
    isLinkHost: offscreen.isHost,
    linkRequest: browserAccess.linkRequest,
  });
  browser.runtime.onMessage.addListener((message, sender, sendResponse) => {
    void handleMessage(message, sender).then(sendResponse);
    return true;
  });

  // The keyboard command and "Ask Patchbay about this…": listeners registered synchronously.
  const panelEntry = createPanelEntry({
    entryPoints: createChromePanelEntryPoints(),
    sessionStore: createChromeStore('session'),
  });
  void panelEntry.init();

  void browser.sidePanel.setPanelBehavior({ openPanelOnActionClick: true });
  void pageTools.init();
  void browserAccess.init();
  void routines.init().catch(() => undefined);
});

/** Websites' own tools, heard from their pages and offered within the sites Chrome allows. */
function createPageTools(hostAccess: HostAccess, broadcaster: Broadcaster) {
  return pageToolsWithinAccess(
    createPageToolsService({
      transport: createChromeTabTransport(),
      tabs: createChromeBrowserTabs(),
      store: createChromeStore(),
      sessionStore: createChromeStore('session'),
      broadcaster,
      injector: injectorWithinAccess(createChromePageInjector(), hostAccess),
      offerTransport: createChromeOfferTransport(),
    }),
    hostAccess,
    broadcaster,
  );
}

/**
 * Routines: one alarm while any is active, runs in an offscreen runner (src/routines/); the
 * service loads only where routines are stored or asked for.
 */
function createRoutines(
  alarms: Alarms,
  broadcaster: Broadcaster,
  offscreen: ChromeOffscreenHost,
  manager: McpManager,
) {
  return createLazyRoutineService({
    store: createChromeStore(),
    alarms,
    broadcaster,
    runner: offscreen.routines,
    notices: {
      notifier: createChromeNotifier(),
      store: createChromeStore(),
      serverName: async (serverId) =>
        (await manager.listServers()).find((server) => server.id === serverId)?.name ?? serverId,
    },
  });
}
