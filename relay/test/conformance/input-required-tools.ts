/**
 * The 2026-07-28 multi-round-trip tools (SEP-2322): each answers `input_required` until the
 * retried request carries the responses it asked for (`inputResponses`, and `requestState`
 * sealed by ./request-state.ts), then completes. Plus a prompt that does the same.
 */
import {
  acceptedContent,
  CLIENT_CAPABILITIES_META_KEY,
  inputRequired,
  type CallToolResult,
  type GetPromptResult,
  type InputRequests,
  type ServerContext,
} from '@modelcontextprotocol/server';
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import type { EverythingContext } from './everything-server.js';
import { requestStateCodec } from './request-state.js';

const text = (value: string): CallToolResult => ({ content: [{ type: 'text', text: value }] });
const noArguments = z.object({});
const seal = (payload: Record<string, unknown>) =>
  requestStateCodec.mint({ ...payload, nonce: randomUUID() });

/** A form asking for one string field. */
function askFor(field: string, message: string) {
  return inputRequired.elicit({
    message,
    requestedSchema: {
      type: 'object',
      properties: { [field]: { type: 'string' } },
      required: [field],
    },
  });
}
const confirmation = () =>
  inputRequired.elicit({
    message: 'Please confirm',
    requestedSchema: { type: 'object', properties: { ok: { type: 'boolean' } }, required: ['ok'] },
  });

const named = z.object({ name: z.string() });
const colour = z.object({ color: z.string() });
const confirmed = z.object({ ok: z.boolean() });
const sampled = z.object({ content: z.object({ text: z.string() }).loose() }).loose();
const capabilities = z
  .object({ elicitation: z.unknown(), sampling: z.unknown(), roots: z.unknown() })
  .partial();
const rootsListed = z.object({ roots: z.array(z.object({ uri: z.string() }).loose()) });

function parsed<T extends z.ZodType>(schema: T, value: unknown): z.infer<T> | undefined {
  const result = schema.safeParse(value);
  return result.success ? result.data : undefined;
}

export function registerInputRequiredTools({ server }: EverythingContext): void {
  // Also driven by the result-type, missing-input-response, ignore-extra-params and
  // validate-input scenarios: anything without an accepted user_name asks again.
  server.registerTool(
    'test_input_required_result_elicitation',
    { description: 'Asks for your name (in-band elicitation).', inputSchema: noArguments },
    async (_args, context) => {
      const answer = acceptedContent(context.mcpReq.inputResponses, 'user_name', named);
      if (answer) return text(`Hello, ${answer.name}!`);
      return inputRequired({
        inputRequests: { user_name: askFor('name', 'What is your name?') },
      });
    },
  );
  server.registerTool(
    'test_input_required_result_sampling',
    { description: 'Asks the model a question (in-band sampling).', inputSchema: noArguments },
    async (_args, context) => {
      const reply = parsed(sampled, context.mcpReq.inputResponses?.['capital_question']);
      if (reply) return text(`Sampling response: ${reply.content.text}`);
      return inputRequired({
        inputRequests: {
          capital_question: inputRequired.createMessage({
            messages: [
              { role: 'user', content: { type: 'text', text: 'What is the capital of France?' } },
            ],
            maxTokens: 100,
          }),
        },
      });
    },
  );
  server.registerTool(
    'test_input_required_result_list_roots',
    { description: "Asks for the client's roots (in-band roots/list).", inputSchema: noArguments },
    async (_args, context) => {
      const listed = parsed(rootsListed, context.mcpReq.inputResponses?.['client_roots']);
      if (listed) {
        const uris = listed.roots.map((root) => root.uri).join(', ');
        return text(`Client exposed ${listed.roots.length} root(s): ${uris}`);
      }
      return inputRequired({ inputRequests: { client_roots: inputRequired.listRoots() } });
    },
  );
  server.registerTool(
    'test_input_required_result_request_state',
    { description: 'Asks for a confirmation, with sealed requestState.', inputSchema: noArguments },
    async (_args, context) => {
      const answer = acceptedContent(context.mcpReq.inputResponses, 'confirm', confirmed);
      if (answer && context.mcpReq.requestState() !== undefined) {
        return text('state-ok: requestState verified and confirmation received');
      }
      return inputRequired({
        inputRequests: { confirm: confirmation() },
        requestState: await seal({ tool: 'request_state' }),
      });
    },
  );
  server.registerTool(
    'test_input_required_result_multiple_inputs',
    {
      description: 'Asks for elicitation, sampling and roots in one round.',
      inputSchema: noArguments,
    },
    async (_args, context) => {
      const responses = context.mcpReq.inputResponses;
      const name = acceptedContent(responses, 'user_name', named)?.name;
      const greeting = parsed(sampled, responses?.['greeting'])?.content.text;
      const roots = parsed(rootsListed, responses?.['client_roots'])?.roots;
      if (name !== undefined && greeting !== undefined && roots !== undefined) {
        return text(`${greeting} ${name}: ${roots.length} root(s) visible`);
      }
      return inputRequired({
        inputRequests: {
          user_name: askFor('name', 'What is your name?'),
          greeting: inputRequired.createMessage({
            messages: [{ role: 'user', content: { type: 'text', text: 'Generate a greeting' } }],
            maxTokens: 50,
          }),
          client_roots: inputRequired.listRoots(),
        },
        requestState: await seal({ tool: 'multiple_inputs' }),
      });
    },
  );
  server.registerTool(
    'test_input_required_result_multi_round',
    {
      description: 'Two rounds of questions, the round in requestState.',
      inputSchema: noArguments,
    },
    async (_args, context) => {
      const state = context.mcpReq.requestState<Record<string, unknown>>();
      const round =
        state?.tool === 'multi_round' && typeof state.round === 'number' ? state.round : 0;
      const responses = context.mcpReq.inputResponses;
      if (round === 0) {
        return inputRequired({
          inputRequests: { step1: askFor('name', 'Step 1: What is your name?') },
          requestState: await seal({ tool: 'multi_round', round: 1 }),
        });
      }
      if (round === 1) {
        const name = acceptedContent(responses, 'step1', named)?.name ?? 'unknown';
        return inputRequired({
          inputRequests: { step2: askFor('color', 'Step 2: What is your favorite color?') },
          requestState: await seal({ tool: 'multi_round', round: 2, name }),
        });
      }
      const color = acceptedContent(responses, 'step2', colour)?.color ?? 'unknown';
      return text(`Multi-round complete: ${String(state?.name ?? 'unknown')} likes ${color}`);
    },
  );
  // A tampered requestState never reaches this handler: the codec's verify refuses it.
  server.registerTool(
    'test_input_required_result_tampered_state',
    { description: 'Refuses retries whose requestState fails its seal.', inputSchema: noArguments },
    async (_args, context) => {
      const answer = acceptedContent(context.mcpReq.inputResponses, 'confirm', confirmed);
      if (answer && context.mcpReq.requestState() !== undefined) {
        return text('integrity-ok: requestState verified');
      }
      return inputRequired({
        inputRequests: { confirm: confirmation() },
        requestState: await seal({ tool: 'tampered_state' }),
      });
    },
  );
  server.registerTool(
    'test_input_required_result_capabilities',
    {
      description: "Asks only for what the client's declared capabilities allow.",
      inputSchema: noArguments,
    },
    async (_args, context) => {
      if (context.mcpReq.inputResponses !== undefined) {
        return text('Capability-aware input requests fulfilled');
      }
      // sampling and roots are deprecated at 2026-07-28 but still declared this way.
      const envelope: Record<string, unknown> = { ...context.mcpReq.envelope };
      const declared = parsed(capabilities, envelope[CLIENT_CAPABILITIES_META_KEY]);
      const requests: InputRequests = {};
      if (declared?.elicitation !== undefined) {
        requests.user_name = askFor('name', 'What is your name?');
      }
      if (declared?.sampling !== undefined) {
        requests.greeting = inputRequired.createMessage({
          messages: [
            { role: 'user', content: { type: 'text', text: 'Generate a short greeting' } },
          ],
          maxTokens: 50,
        });
      }
      if (declared?.roots !== undefined) requests.client_roots = inputRequired.listRoots();
      if (Object.keys(requests).length === 0) {
        return text('No declared client capability allows an in-band input request');
      }
      return inputRequired({ inputRequests: requests });
    },
  );

  // prompts/get may answer input_required too (input-required-result-non-tool-request).
  server.registerPrompt(
    'test_input_required_result_prompt',
    { title: 'Input-required prompt', description: 'Asks for context before rendering.' },
    async (context: unknown): Promise<GetPromptResult | ReturnType<typeof inputRequired>> => {
      const { mcpReq } = context as ServerContext;
      const answer = acceptedContent(
        mcpReq.inputResponses,
        'user_context',
        z.object({ context: z.string() }),
      );
      if (!answer) {
        return inputRequired({
          inputRequests: { user_context: askFor('context', 'What context should the prompt use?') },
        });
      }
      return {
        messages: [
          {
            role: 'user',
            content: { type: 'text', text: `Use the following context: ${answer.context}` },
          },
        ],
      };
    },
  );
}
