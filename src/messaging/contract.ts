/**
 * The message contract between Patchbay's extension pages and its background worker.
 *
 * Requests are `{ type, payload? }`; every response is a {@link Response}. The type names,
 * payload shapes, `ServerView` and the status states are a public contract: the UI, the
 * background and outside test harnesses all rely on them. Types may be added, never renamed.
 */
import { z } from 'zod';
import { askGlobalRequests, askGlobalResults, askViewSchema } from './asks-contract';
import {
  featureGlobalRequests,
  featureGlobalResults,
  featureServerRequests,
  featureServerResults,
} from './features-contract';
import {
  browserAccessBroadcasts,
  browserAccessGlobalRequests,
  browserAccessGlobalResults,
} from './browser-access-contract';
import {
  skillGlobalRequests,
  skillGlobalResults,
  skillServerRequests,
  skillServerResults,
} from './skills-contract';
import {
  pageToolsBroadcasts,
  pageToolsGlobalRequests,
  pageToolsGlobalResults,
} from './page-tools-contract';
import {
  routinesBroadcasts,
  routinesGlobalRequests,
  routinesGlobalResults,
} from './routines-contract';
import { tasksBroadcasts, tasksGlobalRequests, tasksGlobalResults } from './tasks-contract';
import {
  addServerPayloadSchema,
  callToolResultSchema,
  serverStatusSchema,
  serverViewSchema,
  toolCallPayloadSchema,
  toolViewSchema,
  updateServerPayloadSchema,
} from './views';

// The contract's parts, one concept each: what servers and tools look like to pages, and how
// a request ends. Importers read them all from here.
export * from './views';
export * from './responses';

const noPayload = z.undefined().or(z.object({}).strict());
const idPayload = z.object({ id: z.string().min(1) });

/** Requests that do not name a server in their type. */
export const globalRequests = {
  'mcp/servers/get': noPayload,
  'mcp/servers/add': addServerPayloadSchema,
  'mcp/servers/update': updateServerPayloadSchema,
  'mcp/servers/remove': idPayload,
  'mcp/tools/list': noPayload,
  /** Connects to a server that is not saved yet and reports what it found. */
  'mcp/servers/test': addServerPayloadSchema.extend({ name: z.string().optional() }),
  /** The custom servers as `mcpServers` JSON, without secrets. */
  'mcp/servers/export': noPayload,
  /** Storage was restored from a backup or a synced change: servers and routines are read again. */
  'backup/restored': noPayload,
  ...featureGlobalRequests,
  ...skillGlobalRequests,
  ...pageToolsGlobalRequests,
  ...browserAccessGlobalRequests,
  ...askGlobalRequests,
  ...tasksGlobalRequests,
  ...routinesGlobalRequests,
} as const;
export type GlobalRequestType = keyof typeof globalRequests;

/** Requests addressed to one server: their type is `mcp/{serverId}/{action}`. */
export const serverRequests = {
  enable: noPayload,
  disable: noPayload,
  'auth/start': noPayload,
  disconnect: noPayload,
  'status/get': noPayload,
  'health/check': noPayload,
  'tool/call': toolCallPayloadSchema,
  'tool/cancel': z.object({
    callId: z.string().min(1),
    /** The chat the call was made in (two chats' calls may share an id). */
    chatId: z.string().min(1).max(200).optional(),
    /**
     * The chat let go of the call rather than the person stopping it (the chat closed): a call
     * the server runs as a task goes on, followed in the background.
     */
    detach: z.boolean().optional(),
  }),
  'tools/disabled/set': z.object({ names: z.array(z.string()) }),
  /** Every tool of the server, disabled ones included, with the disabled names. */
  'tools/get': noPayload,
  ...featureServerRequests,
  ...skillServerRequests,
} as const;
export type ServerAction = keyof typeof serverRequests;

const statusResult = z.object({ status: serverStatusSchema });

/**
 * One step of the connection doctor: what was tried (a URL, its HTTP status, content type and
 * time), its verdict in plain words and, for a failure, what the server's admin can change.
 */
export const doctorStepSchema = z.object({
  name: z.string().max(80),
  url: z.string().max(2048).optional(),
  status: z.number().int().optional(),
  contentType: z.string().max(200).optional(),
  ms: z.number().nonnegative().optional(),
  verdict: z.enum(['ok', 'warn', 'fail', 'skip']),
  sentence: z.string().max(1000),
  fix: z.string().max(1000).optional(),
});
export type DoctorStep = z.infer<typeof doctorStepSchema>;

/**
 * What each request answers with, as schemas: the router's handlers are typed from them and
 * the page client checks every answer against them.
 */
export const globalResults = {
  'mcp/servers/get': z.object({ servers: z.array(serverViewSchema) }),
  'mcp/servers/add': z.object({ server: serverViewSchema }),
  'mcp/servers/update': z.object({ server: serverViewSchema }),
  'mcp/servers/remove': z.object({ id: z.string() }),
  'mcp/tools/list': z.object({ tools: z.array(toolViewSchema) }),
  'mcp/servers/test': z.discriminatedUnion('ok', [
    z.object({
      ok: z.literal(true),
      transport: z.enum(['streamable-http', 'sse']),
      toolCount: z.number(),
      latencyMs: z.number(),
    }),
    z.object({ ok: z.literal(false), error: z.string(), needsSignIn: z.boolean().optional() }),
  ]),
  'mcp/servers/export': z.object({ mcpServers: z.record(z.string(), z.unknown()) }),
  'backup/restored': z.object({}),
  ...featureGlobalResults,
  ...skillGlobalResults,
  ...pageToolsGlobalResults,
  ...browserAccessGlobalResults,
  ...askGlobalResults,
  ...tasksGlobalResults,
  ...routinesGlobalResults,
} as const satisfies Record<GlobalRequestType, z.ZodType>;

export const serverResults = {
  enable: statusResult,
  disable: statusResult,
  'auth/start': statusResult,
  disconnect: statusResult,
  'status/get': statusResult,
  'health/check': z.object({
    ok: z.boolean(),
    latencyMs: z.number(),
    error: z.string().optional(),
    /** The connection doctor's steps (src/mcp/doctor/), in the order they ran. */
    steps: z.array(doctorStepSchema).max(40),
    /** The steps as text to copy, built in the worker without header values or secrets. */
    report: z.string().max(40_000),
  }),
  'tool/call': callToolResultSchema,
  'tool/cancel': z.object({ cancelled: z.boolean() }),
  'tools/disabled/set': z.object({ names: z.array(z.string()) }),
  'tools/get': z.object({ tools: z.array(toolViewSchema), disabled: z.array(z.string()) }),
  ...featureServerResults,
  ...skillServerResults,
} as const satisfies Record<ServerAction, z.ZodType>;

export type GlobalResults = { [K in GlobalRequestType]: z.output<(typeof globalResults)[K]> };
export type ServerResults = { [K in ServerAction]: z.output<(typeof serverResults)[K]> };

export type GlobalPayloads = { [K in GlobalRequestType]: z.input<(typeof globalRequests)[K]> };
export type ServerPayloads = { [K in ServerAction]: z.input<(typeof serverRequests)[K]> };

export const requestEnvelopeSchema = z.object({
  type: z.string().min(1),
  payload: z.unknown().optional(),
});

export function serverRequestType<A extends ServerAction>(serverId: string, action: A): string {
  return `mcp/${serverId}/${action}`;
}

export type ParsedRequestType =
  | { scope: 'global'; type: GlobalRequestType }
  | { scope: 'server'; serverId: string; action: ServerAction };

const SERVER_ID_PATTERN = /^[a-z0-9][a-z0-9-]{0,63}$/;

/** Splits a request type into what it addresses, or returns undefined for an unknown type. */
export function parseRequestType(type: string): ParsedRequestType | undefined {
  if (Object.hasOwn(globalRequests, type))
    return { scope: 'global', type: type as GlobalRequestType };
  const match = /^mcp\/([^/]+)\/(.+)$/.exec(type);
  if (!match) return undefined;
  const [, serverId, action] = match as unknown as [string, string, string];
  if (!SERVER_ID_PATTERN.test(serverId) || !Object.hasOwn(serverRequests, action)) return undefined;
  return { scope: 'server', serverId, action: action as ServerAction };
}

/** Messages the background sends to every open extension page. */
export const broadcastSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('mcp/status/changed'),
    payload: z.object({
      serverId: z.string(),
      status: serverStatusSchema,
      /** The whole server as it is after the change, so pages need not ask again. */
      server: serverViewSchema.optional(),
    }),
  }),
  z.object({
    type: z.literal('mcp/tools/changed'),
    payload: z.object({
      serverId: z.string(),
      /** The server after the change; absent when it was removed. */
      server: serverViewSchema.optional(),
    }),
  }),
  z.object({ type: z.literal('mcp/servers/changed'), payload: z.object({}) }),
  /** What servers wait on the person for changed: the whole list, oldest first. */
  z.object({
    type: z.literal('mcp/asks/changed'),
    payload: z.object({ asks: z.array(askViewSchema) }),
  }),
  /** A subscribed resource changed on its server. */
  z.object({
    type: z.literal('mcp/resource/updated'),
    payload: z.object({ serverId: z.string(), uri: z.string() }),
  }),
  /** A server's resources or prompts changed. */
  z.object({
    type: z.literal('mcp/features/changed'),
    payload: z.object({ serverId: z.string(), kind: z.enum(['resources', 'prompts']) }),
  }),
  z.object({
    type: z.literal('mcp/tool/progress'),
    payload: z.object({
      serverId: z.string(),
      callId: z.string(),
      progress: z.number(),
      total: z.number().optional(),
      message: z.string().optional(),
    }),
  }),
  ...pageToolsBroadcasts,
  ...browserAccessBroadcasts,
  ...tasksBroadcasts,
  ...routinesBroadcasts,
]);
export type Broadcast = z.infer<typeof broadcastSchema>;
