/**
 * Tools that ask the client something mid-call (2025 sessions): sampling, elicitation, and the
 * elicitation schemas of SEP-1034 (defaults) and SEP-1330 (enums).
 */
import type { CallToolResult, ElicitRequestFormParams } from '@modelcontextprotocol/server';
import { z } from 'zod';
import type { EverythingContext } from './everything-server.js';

const text = (value: string): CallToolResult => ({ content: [{ type: 'text', text: value }] });
const reason = (error: unknown) => (error instanceof Error ? error.message : String(error));

const samplingReply = z.object({
  content: z.object({ text: z.string().optional() }).loose().optional(),
});
const elicitReply = z.object({ action: z.string(), content: z.unknown().optional() });

const DEFAULTS_SCHEMA: ElicitRequestFormParams['requestedSchema'] = {
  type: 'object',
  properties: {
    name: { type: 'string', description: 'User name', default: 'John Doe' },
    age: { type: 'integer', description: 'User age', default: 30 },
    score: { type: 'number', description: 'User score', default: 95.5 },
    status: {
      type: 'string',
      description: 'User status',
      enum: ['active', 'inactive', 'pending'],
      default: 'active',
    },
    verified: { type: 'boolean', description: 'Verification status', default: true },
  },
  required: [],
};

const ENUMS_SCHEMA: ElicitRequestFormParams['requestedSchema'] = {
  type: 'object',
  properties: {
    untitledSingle: {
      type: 'string',
      description: 'Select one option',
      enum: ['option1', 'option2', 'option3'],
    },
    titledSingle: {
      type: 'string',
      description: 'Select one option with titles',
      oneOf: [
        { const: 'value1', title: 'First Option' },
        { const: 'value2', title: 'Second Option' },
        { const: 'value3', title: 'Third Option' },
      ],
    },
    legacyEnum: {
      type: 'string',
      description: 'Select one option (legacy)',
      enum: ['opt1', 'opt2', 'opt3'],
      enumNames: ['Option One', 'Option Two', 'Option Three'],
    },
    untitledMulti: {
      type: 'array',
      description: 'Select multiple options',
      minItems: 1,
      maxItems: 3,
      items: { type: 'string', enum: ['option1', 'option2', 'option3'] },
    },
    titledMulti: {
      type: 'array',
      description: 'Select multiple options with titles',
      minItems: 1,
      maxItems: 3,
      items: {
        anyOf: [
          { const: 'value1', title: 'First Choice' },
          { const: 'value2', title: 'Second Choice' },
          { const: 'value3', title: 'Third Choice' },
        ],
      },
    },
  },
  required: [],
};

export function registerClientRequestTools({ server }: EverythingContext): void {
  /** Asks the client to fill in a form; answers with what it said. */
  function elicitingTool(
    name: string,
    description: string,
    form: (args: { message?: string }) => ElicitRequestFormParams,
    inputSchema: z.ZodObject,
  ) {
    server.registerTool(name, { description, inputSchema }, async (args, context) => {
      try {
        const reply = elicitReply.parse(
          await context.mcpReq.send({ method: 'elicitation/create', params: form(args) }),
        );
        return text(
          `Elicitation completed: action=${reply.action}, content=${JSON.stringify(reply.content ?? {})}`,
        );
      } catch (error) {
        return text(`Elicitation not supported or failed: ${reason(error)}`);
      }
    });
  }

  server.registerTool(
    'test_sampling',
    {
      description: "Asks the client's model to complete a prompt (sampling).",
      inputSchema: z.object({ prompt: z.string().describe('The prompt to send to the LLM') }),
    },
    async ({ prompt }, context) => {
      try {
        const reply = samplingReply.parse(
          await context.mcpReq.send({
            method: 'sampling/createMessage',
            params: {
              messages: [{ role: 'user', content: { type: 'text', text: prompt } }],
              maxTokens: 100,
            },
          }),
        );
        return text(`LLM response: ${reply.content?.text ?? 'No response'}`);
      } catch (error) {
        return text(`Sampling not supported or failed: ${reason(error)}`);
      }
    },
  );
  elicitingTool(
    'test_elicitation',
    'Asks the user a question (elicitation).',
    ({ message }) => ({
      message: message ?? 'Please respond.',
      requestedSchema: {
        type: 'object',
        properties: { response: { type: 'string', description: "User's response" } },
        required: ['response'],
      },
    }),
    z.object({ message: z.string().describe('The message to show the user') }),
  );
  elicitingTool(
    'test_elicitation_sep1034_defaults',
    'Elicitation whose fields have defaults (SEP-1034).',
    () => ({
      message: 'Please review and update the form fields with defaults',
      requestedSchema: DEFAULTS_SCHEMA,
    }),
    z.object({}),
  );
  elicitingTool(
    'test_elicitation_sep1330_enums',
    'Elicitation with the five enum shapes (SEP-1330).',
    () => ({
      message: 'Please select options from the enum fields',
      requestedSchema: ENUMS_SCHEMA,
    }),
    z.object({}),
  );
}
