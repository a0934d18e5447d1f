/**
 * Browser access in the background, composed of its parts: the settings (settings.ts), the
 * clients the person allows (clients.ts), calls waiting for approval (approvals.ts) behind the
 * gate (gate.ts), the activity log, the one switch, and "Use this browser" in the chat
 * (chat-browser-tools.ts). The relay link and its MCP sessions live in the offscreen host
 * (src/relay-link/), which asks this service about clients, tools and calls (link-requests.ts);
 * relay-connection.ts keeps the link as the person wants it. Every change is broadcast as the
 * whole view (access-view.ts), which each action answers with.
 */
import type { BrowserTools } from '../browser-tools/browser-tools';
import { BROWSER_SERVER_ID, type ClientPolicy } from '../messaging/browser-access-contract';
import type { Attention, Broadcaster, KeyValueStore } from '../platform/ports';
import { createAccessView } from './access-view';
import { createActivityLog } from './activity-log';
import { createApprovalBroker } from './approvals';
import { createChatBrowserTools } from './chat-browser-tools';
import { createClientRegistry } from './clients';
import { createGate } from './gate';
import type { HubSources } from './hub';
import type { LinkControlOptions } from './link-control';
import { createLinkRequests } from './link-requests';
import { createRelayConnection } from './relay-connection';
import { createSettingsHolder } from './settings';

export interface BrowserAccessOptions extends LinkControlOptions {
  store: KeyValueStore;
  /** Kept while the browser runs, through worker restarts: the chat's pinned tabs. */
  sessionStore: KeyValueStore;
  broadcaster: Broadcaster;
  attention: Attention;
  browser: BrowserTools;
  sources: Omit<HubSources, 'browser'>;
}

export function createBrowserAccessService(options: BrowserAccessOptions) {
  const { store } = options;
  // A new worker keeps the link the host holds (a connect that is not fresh), and learns its state.
  const settings = createSettingsHolder(store, () => relay.resume());
  const enabled = async () => (await settings.current()).enabled;
  const clients = createClientRegistry(store);
  const activity = createActivityLog(store, () => changed());
  const approvals = createApprovalBroker((waiting) => {
    options.attention.showWaiting(waiting.length);
    changed();
  });
  const relay = createRelayConnection(options, settings, () => changed());
  const { link } = relay;
  const { view, changed, withView } = createAccessView(options.broadcaster, {
    settings,
    linkState: () => link.state,
    clients,
    approvals,
    activity,
  });
  const toolsChanged = () => link.toolsChanged();
  const gate = createGate({ clients, approvals, activity, enabled, onAllowed: toolsChanged });
  const requests = createLinkRequests({
    browser: options.browser,
    sources: options.sources,
    clients,
    gate,
    enabled,
    changed,
    reported: link.reported,
  });

  return {
    init: settings.init,
    view,
    toolsChanged,
    saveLink: withView(relay.save, true),
    connect: withView(relay.connect),
    disconnect: withView(relay.disconnect),
    /** The one switch: off ends the link, denies every waiting call and refuses new ones. */
    setEnabled: withView(async (on: boolean) => {
      await settings.update((draft) => {
        draft.enabled = on;
      });
      if (!on) approvals.denyAll();
      await relay.switched(on);
    }, true),
    setInChat: withView(async (on: boolean) => {
      await settings.update((draft) => {
        draft.inChat = on;
      });
      // The chat's tool list changed: the panel lists tools again, as for a server's.
      options.broadcaster.broadcast({
        type: 'mcp/tools/changed',
        payload: { serverId: BROWSER_SERVER_ID },
      });
    }, true),
    setPolicy: withView(async (clientId: string, policy: Exclude<ClientPolicy, 'new'>) => {
      await clients.setPolicy(clientId, policy);
      if (policy === 'blocked') approvals.denyAll(clientId);
      toolsChanged(); // a client let in sees more than the browser's own tools
    }, true),
    forget: withView(async (clientId: string) => {
      await clients.forget(clientId);
      approvals.denyAll(clientId);
    }, true),
    answer: approvals.answer,
    clearActivity: withView(activity.clear),
    ...createChatBrowserTools(
      options.browser,
      async () => (await settings.current()).inChat,
      options.sessionStore,
    ),
    /** Answers a request of the relay link; its sender must be the offscreen host. */
    linkRequest: requests.handle,
    /** Stops as a stopped worker would: the host, its link, alarms and settings stay (tests). */
    close: relay.close,
  };
}

export type BrowserAccessService = ReturnType<typeof createBrowserAccessService>;
