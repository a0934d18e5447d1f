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
import type { ClientIdentity } from './client-record';
import type { ClientRegistry } from './clients';
import { SWITCHED_OFF, type Gate } from './gate';
import { BROWSER_SOURCE, browserHubTools, hubTools, type HubSources, type HubTool } from './hub';
import { createLinkCalls } from './link-calls';
import { createLinkConnections } from './link-connections';
import { errorMessage } from '../errors/error-message';

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

/** A tool as a client lists it: where it comes from said after a server's or a site's. */
function listedTool(tool: HubTool) {
  return {
    name: tool.name,
    ...(tool.title !== undefined && { title: tool.title }),
    description:
      tool.source === BROWSER_SOURCE
        ? tool.description
        : `${tool.description}\n\n(From ${tool.source}.)`,
    inputSchema: { type: 'object', ...tool.inputSchema },
    ...(tool.annotations !== undefined && { annotations: tool.annotations }),
  };
}

export function createLinkRequests(options: LinkRequestsOptions) {
  const connections = createLinkConnections(options.clients, options.changed);
  const ownTools = browserHubTools(options.browser);
  const allTools = () => hubTools({ ...options.sources, browser: options.browser });
  const calls = createLinkCalls(
    options.gate,
    async (name) =>
      ownTools.find((tool) => tool.name === name) ??
      (await allTools()).find((tool) => tool.name === name),
  );

  /** The client of a listing: a blocked one, or any while the switch is off, may list nothing. */
  async function lister(connectionId: string, identity: ClientIdentity) {
    const client = await connections.clientOf(connectionId, identity);
    if (!(await options.enabled())) throw new PatchbayError('not-enabled', SWITCHED_OFF);
    if (client.policy === 'blocked') throw new PatchbayError('not-allowed', BLOCKED);
    return client;
  }

  const handlers: Handlers = {
    async 'browser-link/state'({ state }) {
      // A link that went down ended its connections, whether or not it said so.
      if (state.state !== 'connected') connections.releaseAll();
      options.reported(state);
      return {};
    },
    async 'browser-link/admission'({ client }) {
      // A client the person blocked gets no server: its connections cost the link nothing.
      const refused = client && (await options.clients.blocked(client));
      return refused ? { refusal: BLOCKED } : {};
    },
    async 'browser-link/tools/list'({ connectionId, identity }) {
      const client = await lister(connectionId, identity);
      // Until the person lets a client in, it sees the browser's own tools, not which servers
      // and sites they connected.
      const tools = client.policy === 'new' ? ownTools : await allTools();
      return { tools: tools.map(listedTool) };
    },
    async 'browser-link/tools/call'({ connectionId, callId, identity, name, arguments: args }) {
      // The gate refuses (and logs) a blocked client's calls itself.
      const client = await connections.clientOf(connectionId, identity);
      return { result: await calls.call(client, callId, name, args) };
    },
    async 'browser-link/tools/cancel'({ callId }) {
      calls.cancel(callId);
      return {};
    },
    async 'browser-link/connection/ended'({ connectionId }) {
      connections.release(connectionId);
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
        return { ok: false, error: { code: 'internal', message: errorMessage(error) } };
      }
    },
  };
}

export type LinkRequests = ReturnType<typeof createLinkRequests>;
