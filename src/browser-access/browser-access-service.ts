/**
 * Browser access in the background: the relay link and its MCP sessions, the clients the
 * person allows, calls waiting for approval, the activity log, the one switch, and "Use this
 * browser" in the chat. Every change is broadcast as the whole view.
 */
import { PatchbayError } from '../errors/patchbay-error';
import type { BrowserTools } from '../browser-tools/browser-tools';
import {
  BROWSER_SERVER_ID,
  type BrowserAccessView,
  type ClientPolicy,
} from '../messaging/browser-access-contract';
import type { Alarms, Attention, Broadcaster, KeyValueStore } from '../platform/ports';
import { createActivityLog } from './activity-log';
import { createApprovalBroker, type ApprovalDecision } from './approvals';
import { createChatBrowserTools } from './chat-browser-tools';
import { createClientRegistry } from './clients';
import { createGate } from './gate';
import type { HubSources } from './hub';
import { extensionSocketUrl, relayHostOf } from './relay-address';
import { linkView } from './link-view';
import { createRelayLink, type LinkSocket, type LinkState } from './relay-link';
import { createRelayServers } from './relay-servers';
import {
  DEFAULT_BROWSER_NAME,
  loadAccessSettings,
  saveAccessSettings,
  type AccessSettings,
} from './settings';

export const RELAY_RETRY_ALARM = 'browser-access-relay-retry';
const BLOCKED = 'The person blocked this client in Patchbay.';
/**
 * How often a connected link's watchdog alarm fires: Chrome's shortest alarm, so a worker
 * stopped with nothing else to wake it links again within that.
 */
const WATCHDOG_MS = 30_000;

export interface BrowserAccessOptions {
  store: KeyValueStore;
  /** Kept while the browser runs, through worker restarts: the chat's pinned tabs. */
  sessionStore: KeyValueStore;
  broadcaster: Broadcaster;
  attention: Attention;
  alarms: Alarms;
  browser: BrowserTools;
  sources: Omit<HubSources, 'browser'>;
  openSocket(url: string): LinkSocket;
  version: string;
  /** The link is wanted (or no longer): an open panel should wake a stopped worker at once. */
  keepUp?(on: boolean): void;
}

export function createBrowserAccessService(options: BrowserAccessOptions) {
  const { store } = options;
  let settings: AccessSettings | undefined;
  let ready: Promise<void> | undefined;
  let linkState: LinkState = { state: 'off' };
  let closing = false;

  const init = () =>
    (ready ??= loadAccessSettings(store).then((loaded) => {
      settings = loaded;
      if (loaded.enabled && loaded.link.wanted && loaded.link.url && loaded.link.token) connect();
    }));
  const current = async () => {
    await init();
    return settings!;
  };
  const update = async (change: (draft: AccessSettings) => void) => {
    const draft = structuredClone(await current());
    change(draft);
    await saveAccessSettings(store, draft);
    settings = draft;
  };

  const clients = createClientRegistry(store);
  const activity = createActivityLog(store, () => changed());
  const approvals = createApprovalBroker((waiting) => {
    options.attention.showWaiting(waiting.length);
    changed();
  });
  const gate = createGate({
    clients,
    approvals,
    activity,
    enabled: async () => (await current()).enabled,
    onAllowed: () => toolsChanged(),
  });
  const servers = createRelayServers({
    version: options.version,
    browser: options.browser,
    sources: options.sources,
    clients,
    gate,
    enabled: async () => (await current()).enabled,
    changed: () => changed(),
  });
  const toolsChanged = () => servers.toolsChanged();

  const link = createRelayLink({
    openSocket: options.openSocket,
    serverFor: (connectionId) => servers.serverFor(connectionId),
    // A client the person blocked gets no server: its connections cost the worker nothing.
    async refusal(client) {
      return client && (await clients.blocked(client)) ? BLOCKED : undefined;
    },
    onConnectionEnded: (connectionId) => servers.ended(connectionId),
    onState(state) {
      linkState = state;
      options.keepUp?.(state.state !== 'off' && state.state !== 'error');
      // While connected, a watchdog alarm: if the worker is stopped all the same (an update, a
      // crash), the alarm wakes it and reading the settings connects again.
      if (state.state === 'connected')
        void options.alarms.schedule(RELAY_RETRY_ALARM, Date.now() + WATCHDOG_MS);
      if ((state.state === 'error' || state.state === 'off') && !closing)
        void options.alarms.clear(RELAY_RETRY_ALARM);
      // A refused token or a browser taking over is not tried again, in this worker or the
      // next, until the person connects again.
      if (state.state === 'error')
        void update((draft) => {
          draft.link.wanted = false;
        });
      changed();
    },
    scheduleRetry(at) {
      // Alarms fire no sooner than 30 s from now; the link's own timer covers sooner tries.
      void options.alarms.schedule(RELAY_RETRY_ALARM, Math.max(at, Date.now() + 30_000));
    },
  });
  options.alarms.onAlarm((name) => {
    if (name !== RELAY_RETRY_ALARM) return;
    // The worker may have been stopped: reading the settings connects again if wanted.
    const wasReady = ready !== undefined;
    void init().then(() => {
      if (wasReady) link.retryNow();
      if (linkState.state === 'connected')
        void options.alarms.schedule(RELAY_RETRY_ALARM, Date.now() + WATCHDOG_MS);
    });
  });

  function connect() {
    const { link: saved } = settings!;
    link.connect(extensionSocketUrl(saved.url), saved.token, saved.name || DEFAULT_BROWSER_NAME);
  }

  async function view(): Promise<BrowserAccessView> {
    const saved = await current();
    return {
      enabled: saved.enabled,
      inChat: saved.inChat,
      link: linkView(settings?.link, linkState),
      clients: await clients.views(),
      approvals: approvals.list(),
      activity: await activity.list(),
    };
  }

  let broadcastQueued = false;
  function changed() {
    if (broadcastQueued) return;
    broadcastQueued = true;
    queueMicrotask(() => {
      broadcastQueued = false;
      void view().then((next) =>
        options.broadcaster.broadcast({ type: 'browser-access/changed', payload: { view: next } }),
      );
    });
  }

  return {
    init,
    view,
    toolsChanged,
    async saveLink(input: { url: string; token?: string; name?: string }) {
      extensionSocketUrl(input.url); // throws a clear error for a bad address
      const token = input.token?.trim();
      await update((draft) => {
        // A token goes only to the relay it was saved for.
        if (draft.link.url && relayHostOf(draft.link.url) !== relayHostOf(input.url))
          draft.link.token = '';
        draft.link.url = input.url.trim();
        if (token) draft.link.token = token;
        if (input.name !== undefined) draft.link.name = input.name.trim() || DEFAULT_BROWSER_NAME;
      });
      if (!settings!.link.token) {
        throw new PatchbayError('invalid-input', 'Enter the token the relay gave you.', {
          field: 'token',
        });
      }
      // Saving while connected connects again with what was saved.
      if (settings!.link.wanted && settings!.enabled) connect();
      changed();
      return view();
    },
    async connect() {
      const saved = await current();
      if (!saved.link.url || !saved.link.token) {
        throw new PatchbayError('invalid-input', 'Save the relay’s address and token first.', {
          field: 'url',
        });
      }
      if (!saved.enabled) {
        throw new PatchbayError(
          'not-enabled',
          'Browser access is switched off: switch it on to connect to the relay.',
        );
      }
      await update((draft) => {
        draft.link.wanted = true;
      });
      connect();
      return view();
    },
    async disconnect() {
      await update((draft) => {
        draft.link.wanted = false;
      });
      link.disconnect();
      return view();
    },
    /** The one switch: off ends the link, denies every waiting call and refuses new ones. */
    async setEnabled(enabled: boolean) {
      await update((draft) => {
        draft.enabled = enabled;
      });
      if (!enabled) {
        approvals.denyAll();
        link.disconnect();
      } else if (settings!.link.wanted && settings!.link.url && settings!.link.token) {
        connect();
      }
      changed();
      return view();
    },
    async setInChat(enabled: boolean) {
      await update((draft) => {
        draft.inChat = enabled;
      });
      // The chat's tool list changed: the panel lists tools again, as for a server's.
      options.broadcaster.broadcast({
        type: 'mcp/tools/changed',
        payload: { serverId: BROWSER_SERVER_ID },
      });
      changed();
      return view();
    },
    async setPolicy(clientId: string, policy: Exclude<ClientPolicy, 'new'>) {
      await clients.setPolicy(clientId, policy);
      if (policy === 'blocked') approvals.denyAll(clientId);
      toolsChanged(); // a client let in sees more than the browser's own tools
      changed();
      return view();
    },
    async forget(clientId: string) {
      await clients.forget(clientId);
      approvals.denyAll(clientId);
      changed();
      return view();
    },
    answer(id: string, decision: ApprovalDecision): boolean {
      return approvals.answer(id, decision);
    },
    async clearActivity() {
      await activity.clear();
      return view();
    },
    ...createChatBrowserTools(
      options.browser,
      async () => (await current()).inChat,
      options.sessionStore,
    ),
    /** Ends the link as a stopped worker would: its alarm and settings stay (tests). */
    close() {
      closing = true;
      link.disconnect();
      servers.close();
    },
  };
}

export type BrowserAccessService = ReturnType<typeof createBrowserAccessService>;
