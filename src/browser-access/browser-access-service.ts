/**
 * Browser access in the background: the clients the person allows, calls waiting for approval,
 * the activity log, the one switch, and "Use this browser" in the chat. The relay link and its
 * MCP sessions live in the offscreen host (src/relay-link/), which asks this service about
 * clients, tools and calls (link-requests.ts) and is driven by link-control.ts. Every change is
 * broadcast as the whole view.
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
import { createLinkControl, RELAY_RETRY_ALARM, type LinkHostPort } from './link-control';
import { createLinkRequests } from './link-requests';
import { extensionSocketUrl, relayHostOf } from './relay-address';
import { linkView } from './link-view';
import {
  DEFAULT_BROWSER_NAME,
  loadAccessSettings,
  saveAccessSettings,
  type AccessSettings,
} from './settings';

export { RELAY_RETRY_ALARM };

export interface BrowserAccessOptions {
  store: KeyValueStore;
  /** Kept while the browser runs, through worker restarts: the chat's pinned tabs. */
  sessionStore: KeyValueStore;
  broadcaster: Broadcaster;
  attention: Attention;
  alarms: Alarms;
  browser: BrowserTools;
  sources: Omit<HubSources, 'browser'>;
  /** The offscreen host's link part (src/platform/chrome-offscreen-host.ts). */
  linkHost: LinkHostPort;
  version: string;
}

export function createBrowserAccessService(options: BrowserAccessOptions) {
  const { store } = options;
  let settings: AccessSettings | undefined;
  let ready: Promise<void> | undefined;
  let closed = false;
  const wanted = (saved: AccessSettings) =>
    saved.enabled && saved.link.wanted && Boolean(saved.link.url && saved.link.token);

  // A new worker keeps the link the host holds (a connect that is not fresh), and learns its state.
  const init = () =>
    (ready ??= loadAccessSettings(store).then(async (loaded) => {
      settings = loaded;
      if (wanted(loaded)) await connect(false);
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
  const requests = createLinkRequests({
    clients,
    gate,
    browser: options.browser,
    sources: options.sources,
    enabled: async () => (await current()).enabled,
    changed: () => changed(),
    reported: (state) => link.reported(state),
  });
  const link = createLinkControl({
    host: options.linkHost,
    alarms: options.alarms,
    version: options.version,
    onState(state) {
      // A refused token or a browser taking over is not tried again, in this worker or the
      // next, until the person connects again.
      if (state.state === 'error')
        void update((draft) => {
          draft.link.wanted = false;
        });
      changed();
    },
  });
  const toolsChanged = () => link.toolsChanged();
  options.alarms.onAlarm((name) => {
    if (name !== RELAY_RETRY_ALARM || closed) return;
    // The worker may have been stopped: reading the settings links again if wanted (and
    // opens the host again if it vanished); a running worker looks at the host the same way.
    const wasReady = ready !== undefined;
    void init().then(() => {
      if (wasReady && wanted(settings!)) void connect(false);
    });
  });

  function connect(fresh = true) {
    const { link: saved } = settings!;
    const target = {
      url: extensionSocketUrl(saved.url),
      token: saved.token,
      name: saved.name || DEFAULT_BROWSER_NAME,
    };
    return link.connect(target, fresh);
  }

  async function view(): Promise<BrowserAccessView> {
    const saved = await current();
    return {
      enabled: saved.enabled,
      inChat: saved.inChat,
      link: linkView(settings?.link, link.state),
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
      if (settings!.link.wanted && settings!.enabled) await connect();
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
      await connect();
      return view();
    },
    async disconnect() {
      await update((draft) => {
        draft.link.wanted = false;
      });
      await link.disconnect();
      return view();
    },
    /** The one switch: off ends the link, denies every waiting call and refuses new ones. */
    async setEnabled(enabled: boolean) {
      await update((draft) => {
        draft.enabled = enabled;
      });
      if (!enabled) {
        approvals.denyAll();
        await link.disconnect();
      } else if (wanted(settings!)) {
        await connect();
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
    /** Answers a request of the relay link; its sender must be the offscreen host. */
    linkRequest: (message: unknown) => requests.handle(message),
    /** Stops as a stopped worker would: the host, its link, alarms and settings stay (tests). */
    close() {
      closed = true;
    },
  };
}

export type BrowserAccessService = ReturnType<typeof createBrowserAccessService>;
