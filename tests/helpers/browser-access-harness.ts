/**
 * Browser access in Node against the real relay (relay/src, in process): the service with
 * in-memory storage, a browser stand-in for the tabs (real Chromium is in the e2e tests), a
 * remote "server" tool, and MCP SDK clients that reach the browser over the relay.
 */
import { Client } from '@modelcontextprotocol/client';
import { SSEClientTransport, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { expect } from 'vitest';
import { WebSocket } from 'ws';
import { startTestRelay, type TestRelay } from '../../relay/test/helpers';
import {
  createBrowserAccessService,
  type BrowserAccessService,
} from '../../src/browser-access/browser-access-service';
import type { LinkSocket } from '../../src/relay-link/relay-link';
import {
  DocumentGoneError,
  type BrowserControl,
  type TabInfo,
} from '../../src/browser-tools/browser-control';
import { createBrowserTools } from '../../src/browser-tools/browser-tools';

import type { BrowserAccessView } from '../../src/messaging/browser-access-contract';
import { createMemoryLinkHost } from '../../src/platform/memory-link-host';
import {
  createMemoryStore,
  createRecordingBroadcaster,
  createTimerAlarms,
} from '../../src/platform/memory';
import { agentAnswer } from './page-agent-answer';

/**
 * Tabs in memory; a click names its ref; reads say which tab they read. Each tab shows a
 * document (`doc-<tab>-<n>`), a new one after every navigation (`navigate`, or `reload` here).
 */
export function stubBrowserControl(): BrowserControl & {
  clicks: string[];
  reload(tabId: number): void;
} {
  const tabs: TabInfo[] = [
    {
      id: 1,
      windowId: 1,
      url: 'https://example.com/',
      title: 'Example',
      active: true,
      loading: false,
    },
  ];
  const clicks: string[] = [];
  const documents = new Map<number, number>();
  const reload = (id: number) => documents.set(id, (documents.get(id) ?? 0) + 1);
  const tab = async (id: number) => tabs.find((each) => each.id === id);
  return {
    clicks,
    reload,
    documentOf: async (id) => ((await tab(id)) ? `doc-${id}-${documents.get(id) ?? 0}` : undefined),
    listTabs: async () => tabs,
    getTab: tab,
    activeTab: async () => tabs.find((each) => each.active),
    async openTab(url, active) {
      const opened = { id: tabs.length + 1, windowId: 1, url, title: url, active, loading: false };
      tabs.push(opened);
      return opened;
    },
    async closeTab(id) {
      tabs.splice(
        tabs.findIndex((each) => each.id === id),
        1,
      );
    },
    activateTab: async (id) => (await tab(id))!,
    async navigate(id) {
      reload(id);
    },
    async goBack() {},
    async goForward() {},
    settle: tab,
    async runInPage(id, command, documentId) {
      if (documentId !== undefined && documentId !== `doc-${id}-${documents.get(id) ?? 0}`)
        throw new DocumentGoneError(`No document with id ${documentId}.`);
      if (command.type === 'click') {
        clicks.push(command.ref);
        return agentAnswer(command, { ref: command.ref, description: `button ${command.ref}` });
      }
      const page = await tab(id);
      return agentAnswer(command, {
        title: page!.title,
        url: page!.url,
        content: `Text of tab ${id}`,
        offset: 0,
        totalChars: 13,
        source: 'page',
      });
    },
    captureVisible: async () => 'data:image/png;base64,AAAA',
    group: async () => 7,
  };
}

export interface Harness {
  /** The relay the browser links to; a test may put a restarted one here, closed at the end. */
  relay: TestRelay;
  access: BrowserAccessService;
  control: ReturnType<typeof stubBrowserControl>;
  store: ReturnType<typeof createMemoryStore>;
  alarms: ReturnType<typeof createTimerAlarms>;
  /** The view as the panel asks for it (which starts a new worker's service). */
  view(): Promise<BrowserAccessView>;
  /** The link states broadcast so far, oldest first. */
  broadcastStates(): string[];
  /** An MCP client reaching the browser over the relay's HTTP front door. */
  client(
    name: string,
    options?: { transport?: 'sse' | 'streamable'; era?: 'modern'; user?: string; token?: string },
  ): Promise<Client>;
  /** The offscreen host's link part (it outlives a worker). */
  host: ReturnType<typeof createMemoryLinkHost>;
  /** A new worker: the service made again on the same storage, alarms and host, not started. */
  restartWorker(): BrowserAccessService;
  close(): Promise<void>;
}

export async function startHarness(
  options: {
    remoteCalls?: string[];
    relay?: TestRelay;
    /** Adds the Notes server's `wait`, which answers only once cancelled (noted as `notes/wait cancelled`). */
    waitTool?: boolean;
  } = {},
): Promise<Harness> {
  let relay = options.relay ?? (await startTestRelay());
  const store = createMemoryStore();
  const sessionStore = createMemoryStore();
  const broadcaster = createRecordingBroadcaster();
  const alarms = createTimerAlarms();
  const control = stubBrowserControl();
  const clients: Client[] = [];
  const host = createMemoryLinkHost({
    openSocket: (url) => new WebSocket(url) as unknown as LinkSocket,
  });
  const create = (): BrowserAccessService =>
    createBrowserAccessService({
      store,
      sessionStore,
      broadcaster,
      attention: { showWaiting: () => undefined },
      alarms,
      browser: createBrowserTools(control),
      sources: {
        remoteTools: async () => [
          {
            serverId: 'notes',
            name: 'add_note',
            description: 'Adds a note.',
            inputSchema: { type: 'object', properties: { text: { type: 'string' } } },
          },
          {
            serverId: 'notes',
            name: 'list_notes',
            description: 'Lists the notes.',
            inputSchema: { type: 'object' },
            annotations: { readOnlyHint: true },
          },
          ...(options.waitTool
            ? [{ serverId: 'notes', name: 'wait', description: 'Waits.', inputSchema: {} }]
            : []),
        ],
        serverNames: async () => new Map([['notes', 'Notes']]),
        async callRemote(serverId, name, args, signal) {
          options.remoteCalls?.push(`${serverId}/${name}`);
          if (name === 'wait') {
            await new Promise((resolve) => signal.addEventListener('abort', resolve));
            options.remoteCalls?.push(`${serverId}/${name} cancelled`);
            return { content: [{ type: 'text', text: 'cancelled' }], isError: true };
          }
          const text = name === 'list_notes' ? '2 notes' : `noted ${String(args.text)}`;
          return { content: [{ type: 'text', text }] };
        },
        pageTools: async () => [],
        callPage: async () => ({ content: [] }),
      },
      linkHost: host.port((message) => access.linkRequest(message)),
      version: '1.0.0',
    });
  let access = create();
  return {
    get relay() {
      return relay;
    },
    set relay(next) {
      relay = next;
    },
    get access() {
      return access;
    },
    set access(next) {
      access = next;
    },
    control,
    store,
    alarms,
    host,
    view: () => access.view(),
    broadcastStates: () =>
      broadcaster.messages.flatMap((message) =>
        message.type === 'browser-access/changed' ? [message.payload.view.link.state] : [],
      ),
    restartWorker() {
      access.close();
      access = create();
      return access;
    },
    async client(name, clientOptions = {}) {
      const token =
        clientOptions.token ?? (await relay.token(clientOptions.user ?? 'alice', 'client'));
      const requestInit = { headers: { Authorization: `Bearer ${token}` } };
      const transport =
        clientOptions.transport === 'sse'
          ? new SSEClientTransport(new URL('/sse', relay.url), { requestInit })
          : new StreamableHTTPClientTransport(new URL('/mcp', relay.url), { requestInit });
      const client = new Client(
        { name, version: '2.0.0' },
        clientOptions.era === 'modern' ? { versionNegotiation: { mode: 'auto' as const } } : {},
      );
      await client.connect(transport);
      clients.push(client);
      return client;
    },
    async close() {
      await Promise.all(clients.map((client) => client.close().catch(() => undefined)));
      access.close();
      host.vanish();
      if (!options.relay) await relay.close();
    },
  };
}

/** A harness whose browser saved the relay's address and a browser token, and is connected. */
export async function startLinkedHarness(
  options: Parameters<typeof startHarness>[0] = {},
): Promise<Harness> {
  const started = await startHarness(options);
  await started.access.setEnabled(true);
  await started.access.saveLink({
    url: started.relay.url,
    token: await started.relay.token('alice', 'browser'),
  });
  await started.access.connect();
  await expect
    .poll(async () => (await started.view()).link.state, { timeout: 10_000 })
    .toBe('connected');
  return started;
}
