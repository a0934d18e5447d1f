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
  pageToolsBroadcasts,
  pageToolsGlobalRequests,
  pageToolsGlobalResults,
} from './page-tools-contract';

/** Every state a server can be in, exactly as the architecture spec names them. */
export const SERVER_STATES = [
  'disconnected',
  'needs-auth',
  'registering',
  'authorizing',
  'authenticated',
  'connecting',
  'connected',
  'error',
  'token-refresh',
  'cloudflare-error',
  'invalid-token',
] as const;

export const serverStateSchema = z.enum(SERVER_STATES);
export type ServerState = z.infer<typeof serverStateSchema>;

export const serverStatusSchema = z.object({
  state: serverStateSchema,
  error: z.string().optional(),
});
export type ServerStatus = z.infer<typeof serverStatusSchema>;

export const serverViewSchema = z.object({
  id: z.string(),
  name: z.string(),
  url: z.string(),
  description: z.string(),
  requiresAuthentication: z.boolean(),
  isCustom: z.boolean(),
  isEnabled: z.boolean(),
  status: serverStatusSchema,
  toolCount: z.number().int().nonnegative(),
  /** Built-in servers that need a paid account with the vendor. */
  paid: z.boolean().optional(),
  /** A data URL for the server's icon, when it has one. */
  iconDataUrl: z.string().optional(),
  /** The transport found for this server, once it has connected. */
  transport: z.enum(['streamable-http', 'sse']).optional(),
  /** The MCP protocol version spoken on the live connection (e.g. 2026-07-28). */
  protocolVersion: z.string().optional(),
  /** True while Patchbay holds OAuth tokens for this server. The tokens never leave the background. */
  isSignedIn: z.boolean().optional(),
  /** The pre-registered OAuth client id of a custom server (its secret never leaves the background). */
  oauthClientId: z.string().optional(),
  /** While a sign-in window is open: the host of the authorization server it shows. */
  signInHost: z.string().optional(),
  /** Names of the custom headers sent to this server. Values never leave the background. */
  headerNames: z.array(z.string()).optional(),
  /** The icon the server gives itself (SEP-973), as a `data:` URL the background fetched. */
  serverIconDataUrl: z.string().optional(),
  /** The server's `instructions` for the model, cut to a bounded length. */
  instructions: z.string().optional(),
  /** What the connected server offers besides tools. */
  features: z
    .object({
      resources: z.boolean(),
      resourceSubscriptions: z.boolean(),
      prompts: z.boolean(),
      completions: z.boolean(),
    })
    .optional(),
  /** True when the person lets this server ask to run their model (sampling). */
  samplingEnabled: z.boolean().optional(),
});
export type ServerView = z.infer<typeof serverViewSchema>;

export const headerPairSchema = z.object({ key: z.string(), value: z.string() });
export type HeaderPair = z.infer<typeof headerPairSchema>;

export const oauthClientSchema = z.object({
  clientId: z.string().optional(),
  clientSecret: z.string().optional(),
  scopes: z.array(z.string()).optional(),
});

export const addServerPayloadSchema = z.object({
  name: z.string(),
  url: z.string(),
  headers: z.array(headerPairSchema).optional(),
  iconDataUrl: z.string().optional(),
  oauth: oauthClientSchema.optional(),
});
export type AddServerPayload = z.infer<typeof addServerPayloadSchema>;

export const updateServerPayloadSchema = addServerPayloadSchema
  .partial()
  .extend({ id: z.string() });
export type UpdateServerPayload = z.infer<typeof updateServerPayloadSchema>;

const toolAnnotationsSchema = z
  .object({
    title: z.string().optional(),
    readOnlyHint: z.boolean().optional(),
    destructiveHint: z.boolean().optional(),
    idempotentHint: z.boolean().optional(),
    openWorldHint: z.boolean().optional(),
  })
  .loose();

export const toolViewSchema = z.object({
  serverId: z.string(),
  name: z.string(),
  title: z.string().optional(),
  /** The tool's icon (SEP-973) as a `data:` URL the background fetched. */
  iconDataUrl: z.string().optional(),
  description: z.string(),
  inputSchema: z.record(z.string(), z.unknown()),
  annotations: toolAnnotationsSchema.optional(),
  /** A website's own tool (server id `page-tools`): its site, and its tab's number there. */
  page: z
    .object({
      site: z.string(),
      tabIndex: z.number().int().optional(),
      /** The tool's name in the page (the listed name carries the site and tab). */
      tool: z.string(),
    })
    .optional(),
  /** Its MCP App (`_meta.ui`): the `ui://` resource it renders and who may call it. */
  ui: z
    .object({
      resourceUri: z.string().optional(),
      visibility: z.array(z.enum(['model', 'app'])).optional(),
    })
    .optional(),
});
export type ToolView = z.infer<typeof toolViewSchema>;

export const toolCallPayloadSchema = z.object({
  name: z.string().min(1),
  arguments: z.record(z.string(), z.unknown()).default({}),
  callId: z.string().min(1).optional(),
  /** Milliseconds before the call is abandoned; the background's default applies otherwise. */
  timeoutMs: z.number().int().positive().max(600_000).optional(),
  /**
   * Who asks: the model (the default) or the tool card's MCP App. Each may call only the tools
   * whose `_meta.ui.visibility` names it.
   */
  caller: z.enum(['model', 'app']).optional(),
});
export type ToolCallPayload = z.input<typeof toolCallPayloadSchema>;

/** The MCP `CallToolResult`, kept open so servers' extra fields pass through. */
export const callToolResultSchema = z
  .object({
    content: z.array(z.record(z.string(), z.unknown())),
    structuredContent: z.record(z.string(), z.unknown()).optional(),
    isError: z.boolean().optional(),
  })
  .loose();
export type CallToolResultView = z.infer<typeof callToolResultSchema>;

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
  ...featureGlobalRequests,
  ...pageToolsGlobalRequests,
  ...browserAccessGlobalRequests,
  ...askGlobalRequests,
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
  'tool/cancel': z.object({ callId: z.string().min(1) }),
  'tools/disabled/set': z.object({ names: z.array(z.string()) }),
  /** Every tool of the server, disabled ones included, with the disabled names. */
  'tools/get': noPayload,
  ...featureServerRequests,
} as const;
export type ServerAction = keyof typeof serverRequests;

const statusResult = z.object({ status: serverStatusSchema });

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
  ...featureGlobalResults,
  ...pageToolsGlobalResults,
  ...browserAccessGlobalResults,
  ...askGlobalResults,
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
  }),
  'tool/call': callToolResultSchema,
  'tool/cancel': z.object({ cancelled: z.boolean() }),
  'tools/disabled/set': z.object({ names: z.array(z.string()) }),
  'tools/get': z.object({ tools: z.array(toolViewSchema), disabled: z.array(z.string()) }),
  ...featureServerResults,
} as const satisfies Record<ServerAction, z.ZodType>;

export type GlobalResults = { [K in GlobalRequestType]: z.output<(typeof globalResults)[K]> };
export type ServerResults = { [K in ServerAction]: z.output<(typeof serverResults)[K]> };

export type GlobalPayloads = { [K in GlobalRequestType]: z.input<(typeof globalRequests)[K]> };
export type ServerPayloads = { [K in ServerAction]: z.input<(typeof serverRequests)[K]> };

/** Stable error codes; the UI may branch on them, the message is for people. */
export const ERROR_CODES = [
  'unknown-type',
  'invalid-request',
  'invalid-input',
  'forbidden-sender',
  'not-found',
  'not-enabled',
  'auth-required',
  'auth-cancelled',
  'auth-denied',
  'auth-failed',
  'connection-failed',
  'tool-failed',
  /** The caller may not use this tool (an app calling a tool for the model alone, say). */
  'not-allowed',
  /** The server answered a request (other than a tool call) with an error. */
  'request-failed',
  'timeout',
  'cancelled',
  'worker-restarted',
  'internal',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

export interface ErrorBody {
  code: ErrorCode;
  message: string;
  /** The input field an `invalid-input` error is about, when there is one. */
  field?: string;
  /** True when trying the same request again may succeed. */
  retryable?: boolean;
}

export type Response<T = unknown> = { ok: true; result: T } | { ok: false; error: ErrorBody };

export const responseSchema = z.union([
  z.object({ ok: z.literal(true), result: z.unknown() }),
  z.object({
    ok: z.literal(false),
    error: z.object({
      code: z.enum(ERROR_CODES),
      message: z.string(),
      field: z.string().optional(),
      retryable: z.boolean().optional(),
    }),
  }),
]);

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
]);
export type Broadcast = z.infer<typeof broadcastSchema>;
