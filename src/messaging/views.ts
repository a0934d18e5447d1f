/**
 * What servers and tools look like to Patchbay's pages: their states, views and the payloads
 * that add, change and call them (part of the message contract, contract.ts).
 */
import { z } from 'zod';

/** Every state a server can be in, exactly as the remote MCP integration spec (remote-mcp-integration.md, "status states") names them. */
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
  /**
   * Site patterns Chrome has not allowed yet, which this server needs (its own, or its
   * authorization server's): the card's Allow access asks for them from the person's click.
   */
  needsAccess: z.array(z.string()).optional(),
  /**
   * The authorization server lets no app register itself (no dynamic registration, no client
   * ID metadata documents): the card's Enter client ID opens the form at that field.
   */
  needsClientId: z.literal(true).optional(),
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
  /**
   * Sites other than the server's a sign-in reaches (its authorization servers', as match
   * patterns), once the server named them: the Sign in click asks Chrome for them too.
   */
  signInSites: z.array(z.string()).optional(),
  /** Names of the custom headers sent to this server. Values never leave the background. */
  headerNames: z.array(z.string()).optional(),
  /**
   * Headers whose value this browser does not have (a server restored or synced without its
   * secrets): the card asks for them.
   */
  missingHeaders: z.array(z.string()).optional(),
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
      /** Skills (`io.modelcontextprotocol/skills`): listed in its card, each allowed by the person. */
      skills: z.boolean().optional(),
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
  /** The chat the call is made in: a call the server runs as a task is kept with it. */
  chatId: z.string().min(1).max(200).optional(),
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
