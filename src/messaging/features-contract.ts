/**
 * The message contract for what a server offers besides tools: resources, resource templates,
 * prompts and argument completions. Everything here comes from servers, so pages treat it as
 * untrusted text; icons arrive only as `data:` URLs the background fetched and checked.
 */
import { z } from 'zod';

const serverItem = {
  serverId: z.string(),
  name: z.string(),
  title: z.string().optional(),
  description: z.string().optional(),
  /** The item's icon as a `data:` URL (SEP-973), fetched by the background, never by the page. */
  iconDataUrl: z.string().optional(),
};

export const resourceViewSchema = z.object({
  ...serverItem,
  uri: z.string(),
  mimeType: z.string().optional(),
  size: z.number().optional(),
});
export type ResourceView = z.infer<typeof resourceViewSchema>;

export const resourceTemplateViewSchema = z.object({
  ...serverItem,
  uriTemplate: z.string(),
  mimeType: z.string().optional(),
});
export type ResourceTemplateView = z.infer<typeof resourceTemplateViewSchema>;

export const promptArgumentViewSchema = z.object({
  name: z.string(),
  title: z.string().optional(),
  description: z.string().optional(),
  required: z.boolean().optional(),
});
export type PromptArgumentView = z.infer<typeof promptArgumentViewSchema>;

export const promptViewSchema = z.object({
  ...serverItem,
  arguments: z.array(promptArgumentViewSchema),
});
export type PromptView = z.infer<typeof promptViewSchema>;

/** One item of a `resources/read` answer: text or base64 `blob`, kept open for extra fields. */
export const resourceContentsSchema = z
  .object({
    uri: z.string(),
    mimeType: z.string().optional(),
    text: z.string().optional(),
    blob: z.string().optional(),
  })
  .loose();
export type ResourceContents = z.infer<typeof resourceContentsSchema>;

/** A message of a prompt (`prompts/get`): its content is one MCP content block. */
export const promptMessageSchema = z.object({
  role: z.enum(['user', 'assistant']),
  content: z.record(z.string(), z.unknown()),
});
export type PromptMessage = z.infer<typeof promptMessageSchema>;

/** What an argument completion refers to: a prompt's argument or a template's variable. */
export const completionReferenceSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('ref/prompt'), name: z.string().min(1) }),
  z.object({ type: z.literal('ref/resource'), uri: z.string().min(1) }),
]);

const cursorPayload = z
  .object({ cursor: z.string().min(1).optional() })
  .strict()
  .optional();
const uriPayload = z.object({ uri: z.string().min(1).max(8192) });

/** Requests addressed to one server (`mcp/{serverId}/{action}`). */
export const featureServerRequests = {
  /** One page of the server's resources. */
  'resources/list': cursorPayload,
  /** One page of the server's resource templates. */
  'resources/templates/list': cursorPayload,
  'resources/read': uriPayload,
  /** Keeps a resource fresh: `mcp/resource/updated` is broadcast when it changes. */
  'resources/subscribe': uriPayload,
  'resources/unsubscribe': uriPayload,
  'prompts/list': cursorPayload,
  'prompts/get': z.object({
    name: z.string().min(1),
    arguments: z.record(z.string(), z.string()).default({}),
  }),
  'completion/complete': z.object({
    ref: completionReferenceSchema,
    argument: z.object({ name: z.string().min(1), value: z.string().max(4096) }),
    /** Values already chosen for the other arguments. */
    context: z.record(z.string(), z.string()).optional(),
  }),
  /** Sampling (the server running the person's model) is off until switched on per server. */
  'sampling/set': z.object({ enabled: z.boolean() }),
} as const;

export const featureServerResults = {
  'resources/list': z.object({
    resources: z.array(resourceViewSchema),
    nextCursor: z.string().optional(),
  }),
  'resources/templates/list': z.object({
    templates: z.array(resourceTemplateViewSchema),
    nextCursor: z.string().optional(),
  }),
  'resources/read': z.object({ contents: z.array(resourceContentsSchema) }),
  'resources/subscribe': z.object({ subscribed: z.boolean() }),
  'resources/unsubscribe': z.object({ subscribed: z.boolean() }),
  'prompts/list': z.object({
    prompts: z.array(promptViewSchema),
    nextCursor: z.string().optional(),
  }),
  'prompts/get': z.object({
    description: z.string().optional(),
    messages: z.array(promptMessageSchema),
  }),
  'completion/complete': z.object({
    values: z.array(z.string()),
    total: z.number().optional(),
    hasMore: z.boolean().optional(),
  }),
  'sampling/set': z.object({ enabled: z.boolean() }),
} as const;

/** Requests across every connected server. */
export const featureGlobalRequests = {
  /** The resources and templates of every connected server (the "@" picker). */
  'mcp/resources/list': z.undefined().or(z.object({}).strict()),
  /** The prompts of every connected server (the "/" picker). */
  'mcp/prompts/list': z.undefined().or(z.object({}).strict()),
} as const;

export const featureGlobalResults = {
  'mcp/resources/list': z.object({
    resources: z.array(resourceViewSchema),
    templates: z.array(resourceTemplateViewSchema),
  }),
  'mcp/prompts/list': z.object({ prompts: z.array(promptViewSchema) }),
} as const;
