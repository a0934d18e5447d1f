/**
 * What the service worker answers the relay link's requests with (the link lives in the
 * offscreen host: src/relay-link/link-host.ts): a new connection's admission, the tools a
 * client may list, its calls through the gate (cancelled when the client cancels), which
 * clients are connected, and the link's state. The sender was checked before: only the
 * offscreen host document may send these (entrypoints/background.ts).
 */
import { z } from 'zod';
import type { BrowserTools } from '../browser-tools/browser-tools';
import { PatchbayError } from '../errors/patchbay-error';
import {
  linkRequests,
  type LinkRequestType,
  type LinkResults,
  type LinkState,
} from '../messaging/browser-link-contract';
import type { Response } from '../messaging/contract';
import { validate } from '../messaging/route';
import type { ClientIdentity, ClientRecord, ClientRegistry } from './clients';
import type { Gate } from './gate';
import { BROWSER_SOURCE, browserHubTools, hubTools, type HubSources } from './hub';

const BLOCKED = 'The person blocked this client in Patchbay.';

export interface LinkRequestsOptions {
  clients: ClientRegistry;
  gate: Gate;
  browser: BrowserTools;
  sources: Omit<HubSources, 'browser'>;
  /** Whether browser access is switched on. */
  enabled(): Promise<boolean>;
  /** Which clients are connected changed. */
  changed(): void;
  /** The link's state, as the host reports it. */
  reported(state: LinkState): void;
}

type Handlers = {
  [K in LinkRequestType]: (payload: z.output<(typeof linkRequests)[K]>) => Promise<LinkResults[K]>;
};

export function createLinkRequests(options: LinkRequestsOptions) {
  const { clients } = options;
  /** Each live relay connection's client, counted as connected until the connection ends. */
  const connections = new Map<string, () => void>();
  const calls = new Map<string, AbortController>();
  const ownTools = browserHubTools(options.browser);
  const allTools = () => hubTools({ ...options.sources, browser: options.browser });
  const toolNamed = async (name: string) =>
    ownTools.find((tool) => tool.name === name) ??
    (await allTools()).find((tool) => tool.name === name);

  function release(connectionId: string) {
    connections.get(connectionId)?.();
    if (connections.delete(connectionId)) options.changed();
  }

  /** The client behind a request; a blocked one, or any while the switch is off, may list nothing. */
  async function clientOf(connectionId: string, identity: ClientIdentity, listing: boolean) {
    const client = await clients.identify(identity);
    if (client.policy !== 'blocked' && !connections.has(connectionId)) {
      connections.set(connectionId, clients.opened(client.id));
      options.changed();
    }
    if (!listing) return client; // the gate refuses (and logs) calls itself
    if (!(await options.enabled()))
      throw new PatchbayError('not-enabled', 'Browser access is switched off in Patchbay.');
    if (client.policy === 'blocked') throw new PatchbayError('not-allowed', BLOCKED);
    return client;
  }

  async function call(
    client: ClientRecord,
    callId: string,
    name: string,
    args: Record<string, unknown>,
  ) {
    const tool = await toolNamed(name);
    if (!tool) {
      const text = `There is no tool named “${name}”; list the tools again.`;
      return { content: [{ type: 'text', text }], isError: true };
    }
    const controller = new AbortController();
    calls.set(callId, controller);
    const { signal } = controller;
    try {
      // A browser tool runs on the tab the gate resolved when it decided, not on whatever tab
      // is active once the person has answered.
      return await options.gate.call(client, tool, args, signal, (target) =>
        tool.run(args, signal, { groupTitle: client.name, ...(target && { target }) }),
      );
    } finally {
      calls.delete(callId);
    }
  }

  const handlers: Handlers = {
    async 'browser-link/state'({ state }) {
      // A link that went down ended its connections, whether or not it said so.
      if (state.state !== 'connected') for (const id of [...connections.keys()]) release(id);
      options.reported(state);
      return {};
    },
    async 'browser-link/admission'({ client }) {
      // A client the person blocked gets no server: its connections cost the link nothing.
      const refused = client && (await clients.blocked(client));
      return refused ? { refusal: BLOCKED } : {};
    },
    async 'browser-link/tools/list'({ connectionId, identity }) {
      const client = await clientOf(connectionId, identity, true);
      // Until the person lets a client in, it sees the browser's own tools, not which servers
      // and sites they connected.
      const tools = client.policy === 'new' ? ownTools : await allTools();
      return {
        tools: tools.map((tool) => ({
          name: tool.name,
          ...(tool.title !== undefined && { title: tool.title }),
          description:
            tool.source === BROWSER_SOURCE
              ? tool.description
              : `${tool.description}\n\n(From ${tool.source}.)`,
          inputSchema: { type: 'object', ...tool.inputSchema },
          ...(tool.annotations !== undefined && { annotations: tool.annotations }),
        })),
      };
    },
    async 'browser-link/tools/call'({ connectionId, callId, identity, name, arguments: args }) {
      const client = await clientOf(connectionId, identity, false);
      return { result: await call(client, callId, name, args) };
    },
    async 'browser-link/tools/cancel'({ callId }) {
      calls.get(callId)?.abort();
      return {};
    },
    async 'browser-link/connection/ended'({ connectionId }) {
      release(connectionId);
      return {};
    },
  };

  return {
    /** Answers one request of the link; the sender must have been checked. */
    async handle(message: unknown): Promise<Response> {
      const { type, payload } = (message ?? {}) as { type?: unknown; payload?: unknown };
      try {
        if (typeof type !== 'string' || !Object.hasOwn(handlers, type))
          throw new PatchbayError('unknown-type', `The link has no request "${String(type)}".`);
        const known = type as LinkRequestType;
        const handler = handlers[known] as (input: unknown) => Promise<unknown>;
        return { ok: true, result: await handler(validate(linkRequests[known], payload, known)) };
      } catch (error) {
        if (PatchbayError.isInstance(error)) return { ok: false, error: error.toBody() };
        const text = error instanceof Error ? error.message : String(error);
        return { ok: false, error: { code: 'internal', message: text } };
      }
    },
  };
}

export type LinkRequests = ReturnType<typeof createLinkRequests>;
