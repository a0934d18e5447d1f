/**
 * The messages between a tab's content-script proxy and the page-tools hub (MCP-B, JSON-RPC 2.0:
 * `browser/registerTools`, `browser/updateTools` from the proxy; `browser/executeTool` from the
 * hub, answered with `{ success, payload }`). Content scripts can be compromised and pages are
 * untrusted, so everything arriving is parsed here, bounded, and dropped when malformed.
 */
import { z } from 'zod';
import { callToolResultSchema } from '../messaging/contract';

/** The most tools one tab may offer; a longer list is refused whole. */
export const MAX_TOOLS_PER_TAB = 128;

export const pageToolSchema = z.object({
  name: z.string().min(1).max(128),
  title: z.string().max(256).optional(),
  description: z.string().max(8_192).default(''),
  inputSchema: z
    .record(z.string(), z.unknown())
    .refine((schema) => JSON.stringify(schema).length <= 64_000, 'The input schema is too large.')
    .default({ type: 'object' }),
  annotations: z
    .object({
      title: z.string().max(256).optional(),
      readOnlyHint: z.boolean().optional(),
      destructiveHint: z.boolean().optional(),
      idempotentHint: z.boolean().optional(),
      openWorldHint: z.boolean().optional(),
      /** MCP-B: keep the tool when its tab closes, and open the site again to call it. */
      cache: z.boolean().optional(),
    })
    .optional(),
});
export type PageTool = z.infer<typeof pageToolSchema>;

/** The most one tab's tool list may take, serialized: a site cannot fill memory or storage. */
export const MAX_TOOL_LIST_BYTES = 512 * 1024;

const toolList = z
  .array(pageToolSchema)
  .max(MAX_TOOLS_PER_TAB)
  .refine(
    (tools) => JSON.stringify(tools).length <= MAX_TOOL_LIST_BYTES,
    'The tools take more than 512 KB.',
  );

/** What a proxy may send the hub. */
export const proxyMessageSchema = z.discriminatedUnion('method', [
  z.object({
    jsonrpc: z.literal('2.0'),
    method: z.literal('browser/registerTools'),
    params: z.object({
      tools: toolList,
      /** Whether the page tells about list changes (else the proxy polls). */
      listChanged: z.boolean().optional(),
    }),
  }),
  z.object({
    jsonrpc: z.literal('2.0'),
    method: z.literal('browser/updateTools'),
    params: z.object({ tools: toolList }),
  }),
]);
export type ProxyMessage = z.infer<typeof proxyMessageSchema>;

/** The proxy's answer to `browser/executeTool`. */
export const executeResultSchema = z.discriminatedUnion('success', [
  z.object({ success: z.literal(true), payload: callToolResultSchema }),
  z.object({ success: z.literal(false), payload: z.string().max(8_192) }),
]);
export type ExecuteResult = z.infer<typeof executeResultSchema>;

export interface ExecuteToolRequest {
  method: 'browser/executeTool';
  params: { toolName: string; args: Record<string, unknown> };
}
