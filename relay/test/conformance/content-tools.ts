/**
 * Tools answering with content of every kind, logging, progress and an error, the JSON Schema
 * 2020-12 tool, and the 2026-07-28 `server-stateless` diagnostic tools.
 */
import { fromJsonSchema, inputRequired, type CallToolResult } from '@modelcontextprotocol/server';
import { z } from 'zod';
import type { EverythingContext } from './everything-server.js';

/** A 1×1 red PNG. */
export const PNG_BASE64 =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==';
/** A WAV file with one sample. */
const WAV_BASE64 = 'UklGRiYAAABXQVZFZm10IBAAAAABAAEAQB8AAAB9AAACABAAZGF0YQIAAAA=';

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
const text = (value: string): CallToolResult => ({ content: [{ type: 'text', text: value }] });
const noArguments = z.object({});

/** SEP-1613 / SEP-2106: 2020-12 keywords that must reach the client as written. */
const JSON_SCHEMA_2020_12 = {
  $schema: 'https://json-schema.org/draft/2020-12/schema',
  type: 'object',
  $defs: {
    address: {
      $anchor: 'addressDef',
      type: 'object',
      properties: { street: { type: 'string' }, city: { type: 'string' } },
    },
  },
  properties: {
    name: { type: 'string' },
    address: { $ref: '#/$defs/address' },
    contactMethod: { type: 'string', enum: ['phone', 'email'] },
    phone: { type: 'string' },
    email: { type: 'string' },
  },
  allOf: [{ anyOf: [{ required: ['phone'] }, { required: ['email'] }] }],
  if: { properties: { contactMethod: { const: 'phone' } }, required: ['contactMethod'] },
  then: { required: ['phone'] },
  else: { required: ['email'] },
  additionalProperties: false,
};

/** Held in a variable: `x-mcp-header` is an extension keyword the JSON Schema type lacks. */
const X_MCP_HEADER_SCHEMA = {
  type: 'object',
  properties: {
    region: { type: 'string', 'x-mcp-header': 'Region' },
    level: { type: 'integer' },
  },
} as const;

export function registerContentTools({ server, announce }: EverythingContext): void {
  server.registerTool(
    'test_simple_text',
    { description: 'Answers with one text block.' },
    async () => text('This is a simple text response for testing.'),
  );
  server.registerTool(
    'test_image_content',
    { description: 'Answers with an image.' },
    async () => ({ content: [{ type: 'image', data: PNG_BASE64, mimeType: 'image/png' }] }),
  );
  server.registerTool('test_audio_content', { description: 'Answers with audio.' }, async () => ({
    content: [{ type: 'audio', data: WAV_BASE64, mimeType: 'audio/wav' }],
  }));
  server.registerTool(
    'test_embedded_resource',
    { description: 'Answers with an embedded resource.' },
    async () => ({
      content: [
        {
          type: 'resource',
          resource: {
            uri: 'test://embedded-resource',
            mimeType: 'text/plain',
            text: 'This is an embedded resource content.',
          },
        },
      ],
    }),
  );
  server.registerTool(
    'test_multiple_content_types',
    { description: 'Answers with text, an image and an embedded resource.' },
    async () => ({
      content: [
        { type: 'text', text: 'Multiple content types test:' },
        { type: 'image', data: PNG_BASE64, mimeType: 'image/png' },
        {
          type: 'resource',
          resource: {
            uri: 'test://mixed-content-resource',
            mimeType: 'application/json',
            text: JSON.stringify({ test: 'data', value: 123 }),
          },
        },
      ],
    }),
  );
  server.registerTool(
    'test_tool_with_logging',
    { description: 'Logs three messages while it runs.', inputSchema: noArguments },
    async (_args, context) => {
      for (const [index, data] of [
        'Tool execution started',
        'Tool processing data',
        'Tool execution completed',
      ].entries()) {
        if (index > 0) await sleep(50);
        await context.mcpReq.notify({
          method: 'notifications/message',
          params: { level: 'info', data },
        });
      }
      return text('Tool with logging executed successfully');
    },
  );
  server.registerTool(
    'test_tool_with_progress',
    { description: 'Reports progress (0, 50, 100) when asked to.', inputSchema: noArguments },
    async (_args, context) => {
      const token = context.mcpReq._meta?.progressToken;
      // No token, no progress: a server must not make one up.
      if (token !== undefined) {
        for (const progress of [0, 50, 100]) {
          await context.mcpReq.notify({
            method: 'notifications/progress',
            params: {
              progressToken: token,
              progress,
              total: 100,
              message: `Completed step ${progress} of 100`,
            },
          });
          if (progress < 100) await sleep(50);
        }
      }
      return text(String(token ?? 'no-progress-token'));
    },
  );
  server.registerTool(
    'test_error_handling',
    { description: 'Always fails (a tool error, isError: true).' },
    async () => {
      throw new Error('This tool intentionally returns an error for testing');
    },
  );
  server.registerTool(
    'json_schema_2020_12_tool',
    {
      description: 'A tool whose input schema uses JSON Schema 2020-12 (SEP-1613, SEP-2106).',
      inputSchema: fromJsonSchema(JSON_SCHEMA_2020_12),
    },
    async (args) => text(`JSON Schema 2020-12 tool called with: ${JSON.stringify(args)}`),
  );

  // SEP-2243: `region` is mirrored into an `Mcp-Param-Region` header, which the server checks
  // against the arguments (http-custom-header-server-validation).
  server.registerTool(
    'test_x_mcp_header',
    {
      description: 'Takes a region that clients also send as the Mcp-Param-Region header.',
      inputSchema: fromJsonSchema<{ region?: string; level?: number }>(X_MCP_HEADER_SCHEMA),
    },
    async ({ region }) => text(`region=${region ?? '<none>'}`),
  );

  // server-stateless (SEP-2575) asks for these by name.
  server.registerTool(
    'test_missing_capability',
    {
      description: 'Needs the sampling client capability (an in-band sampling request).',
      inputSchema: noArguments,
    },
    async (_args, context) => {
      if (context.mcpReq.inputResponses?.['llm_answer'] !== undefined) {
        return text('sampling round-trip complete');
      }
      return inputRequired({
        inputRequests: {
          llm_answer: inputRequired.createMessage({
            messages: [{ role: 'user', content: { type: 'text', text: 'Reply with: pong' } }],
            maxTokens: 16,
          }),
        },
      });
    },
  );
  server.registerTool(
    'test_streaming_elicitation',
    {
      description: 'Answers with a result and sends no request of its own.',
      inputSchema: noArguments,
    },
    async () => text('stream observed: result frames only'),
  );
  server.registerTool(
    'test_logging_tool',
    {
      description: 'Logs through the request (only when it set a log level).',
      inputSchema: noArguments,
    },
    async (_args, context) => {
      await context.mcpReq.log('info', 'test_logging_tool ran');
      return text('logged through the request-scoped channel');
    },
  );
  server.registerTool(
    'test_trigger_tool_change',
    { description: 'Announces a tools/list_changed.', inputSchema: noArguments },
    async () => {
      announce('tools');
      return text('tools_list_changed published');
    },
  );
  server.registerTool(
    'test_trigger_prompt_change',
    { description: 'Announces a prompts/list_changed.', inputSchema: noArguments },
    async () => {
      announce('prompts');
      return text('prompts_list_changed published');
    },
  );
}
