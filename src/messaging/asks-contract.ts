/**
 * The message contract for what servers ask of the person: elicitation (a form, or a page to
 * open) and sampling (running the person's model). The background holds each ask until a page
 * answers it or it expires; pages list them, answer them and hear when they change.
 */
import { z } from 'zod';

const askBase = {
  id: z.string(),
  serverId: z.string(),
  serverName: z.string(),
  /** When the ask arrived and when it is answered for the person ("cancel") if nobody does. */
  createdAt: z.number(),
  expiresAt: z.number(),
};

const samplingMessageSchema = z.object({
  role: z.enum(['user', 'assistant']),
  /** One content block, or (2025-11-25) several. */
  content: z.unknown(),
});

export const samplingRequestViewSchema = z.object({
  messages: z.array(samplingMessageSchema),
  systemPrompt: z.string().optional(),
  maxTokens: z.number(),
  temperature: z.number().optional(),
  stopSequences: z.array(z.string()).optional(),
  modelPreferences: z
    .object({ hints: z.array(z.object({ name: z.string().optional() }).loose()).optional() })
    .loose()
    .optional(),
  includeContext: z.string().optional(),
});
export type SamplingRequestView = z.infer<typeof samplingRequestViewSchema>;

export const askViewSchema = z.discriminatedUnion('kind', [
  z.object({
    ...askBase,
    kind: z.literal('elicitation-form'),
    message: z.string(),
    requestedSchema: z.record(z.string(), z.unknown()),
  }),
  z.object({
    ...askBase,
    kind: z.literal('elicitation-url'),
    message: z.string(),
    url: z.string(),
    /** `opened` once the person agreed; `completed` when the server says the page is done. */
    phase: z.enum(['asking', 'opened', 'completed']),
  }),
  z.object({
    ...askBase,
    kind: z.literal('sampling'),
    request: samplingRequestViewSchema,
    /** Whether the person has let this server ask; off by default. */
    samplingEnabled: z.boolean(),
  }),
]);
export type AskView = z.infer<typeof askViewSchema>;

/** How the person answered. A sampling answer carries the model's reply they approved. */
export const askAnswerSchema = z.discriminatedUnion('action', [
  z.object({
    action: z.literal('accept'),
    /** Form mode: the values entered; absent for URL mode (consent to open the page). */
    content: z.record(z.string(), z.unknown()).optional(),
  }),
  z.object({ action: z.literal('decline') }),
  z.object({ action: z.literal('cancel') }),
  z.object({
    action: z.literal('sampled'),
    text: z.string().max(200_000),
    model: z.string().min(1).max(200),
    stopReason: z.string().optional(),
  }),
]);
export type AskAnswer = z.infer<typeof askAnswerSchema>;

export const askGlobalRequests = {
  /** Everything servers are waiting on the person for, oldest first. */
  'mcp/asks/list': z.undefined().or(z.object({}).strict()),
  'mcp/asks/answer': z.object({ id: z.string().min(1), answer: askAnswerSchema }),
} as const;

export const askGlobalResults = {
  'mcp/asks/list': z.object({ asks: z.array(askViewSchema) }),
  'mcp/asks/answer': z.object({ answered: z.boolean() }),
} as const;
