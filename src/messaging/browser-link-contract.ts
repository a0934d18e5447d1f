/**
 * The messages between the service worker and browser access's relay link, which lives in the
 * offscreen host document (a worker it starts: entrypoints/offscreen/link.worker.ts) so that the
 * SDK's server package never loads in the service worker. The link asks the service worker
 * (`browser-link/*`, accepted only from the offscreen host); the service worker commands the
 * link (`link-host/*`, accepted only from the service worker) and opens or closes the host's
 * parts (`offscreen-host/part`). Every message is checked against these schemas on arrival.
 */
import { z } from 'zod';
import { callToolResultSchema } from './views';

export const linkStateSchema = z.discriminatedUnion('state', [
  z.object({ state: z.literal('off') }),
  z.object({ state: z.literal('connecting') }),
  z.object({
    state: z.literal('connected'),
    extensionId: z.string(),
    peers: z.number().int().nonnegative(),
  }),
  z.object({ state: z.literal('retrying'), error: z.string(), retryAt: z.number() }),
  z.object({ state: z.literal('error'), error: z.string() }),
]);
/** Where the link stands, as the host reports it. */
export type LinkState = z.infer<typeof linkStateSchema>;

/** The token a client came with, as the relay names it (never the token itself). */
export const clientTagSchema = z.object({ user: z.string(), token: z.string() });

/** Who a connection says it is: the relay's word for the token, the client's for its name. */
export const clientIdentitySchema = clientTagSchema.extend({
  name: z.string().max(100),
  version: z.string().max(50).optional(),
});

const connectionId = z.string().min(1).max(200);

/** A tool as an external client sees it in `tools/list`. */
export const linkToolSchema = z.object({
  name: z.string(),
  title: z.string().optional(),
  description: z.string(),
  inputSchema: z.record(z.string(), z.unknown()),
  annotations: z.record(z.string(), z.unknown()).optional(),
});

/** What the link asks the service worker: each request's payload. */
export const linkRequests = {
  /** The link's state changed (or was asked for by a connect). */
  'browser-link/state': z.object({ state: linkStateSchema }),
  /** May a new connection of this client have a session? */
  'browser-link/admission': z.object({ client: clientTagSchema.optional() }),
  'browser-link/tools/list': z.object({ connectionId, identity: clientIdentitySchema }),
  'browser-link/tools/call': z.object({
    connectionId,
    /** The link's id for the call, to cancel it by. */
    callId: z.string().min(1).max(200),
    identity: clientIdentitySchema,
    name: z.string(),
    arguments: z.record(z.string(), z.unknown()),
  }),
  /** The client cancelled the call (or its connection ended). */
  'browser-link/tools/cancel': z.object({ callId: z.string().min(1).max(200) }),
  'browser-link/connection/ended': z.object({ connectionId }),
} as const;

/** What the service worker answers each request with (inside the usual `{ ok, result }`). */
export const linkResults = {
  'browser-link/state': z.object({}),
  'browser-link/admission': z.object({ refusal: z.string().optional() }),
  'browser-link/tools/list': z.object({ tools: z.array(linkToolSchema) }),
  'browser-link/tools/call': z.object({ result: callToolResultSchema }),
  'browser-link/tools/cancel': z.object({}),
  'browser-link/connection/ended': z.object({}),
} as const;

export type LinkRequestType = keyof typeof linkRequests;
export type LinkPayloads = { [K in LinkRequestType]: z.input<(typeof linkRequests)[K]> };
export type LinkResults = { [K in LinkRequestType]: z.output<(typeof linkResults)[K]> };

/** Whether a message's type is one the link sends (and only the offscreen host may). */
export const isLinkRequestType = (type: unknown): type is LinkRequestType =>
  typeof type === 'string' && Object.hasOwn(linkRequests, type);

/** What the service worker tells the link; each is answered with the link's state. */
export const linkCommandSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('link-host/connect'),
    payload: z.object({
      url: z.string(),
      token: z.string(),
      name: z.string(),
      /** Patchbay's version, which the link's MCP servers give. */
      version: z.string(),
      /**
       * Connect anew (the person pressed Connect or saved): otherwise a link already up, or on
       * its way, to the same relay with the same token and name is kept as it is.
       */
      fresh: z.boolean(),
    }),
  }),
  z.object({ type: z.literal('link-host/disconnect') }),
  /** The tools a client may see changed: each connected client lists them again. */
  z.object({ type: z.literal('link-host/tools-changed') }),
]);
export type LinkCommand = z.infer<typeof linkCommandSchema>;
export const linkCommandAnswerSchema = z.object({ state: linkStateSchema });

/** The offscreen host's parts, each a worker it starts on demand. */
export const HOST_PARTS = ['routines', 'link'] as const;
export type HostPart = (typeof HOST_PARTS)[number];

/** Starts or stops one of the host's parts; answered with the parts running after it. */
export const hostPartCommandSchema = z.object({
  type: z.literal('offscreen-host/part'),
  payload: z.object({ part: z.enum(HOST_PARTS), on: z.boolean() }),
});
export const hostPartAnswerSchema = z.object({ parts: z.array(z.enum(HOST_PARTS)) });
