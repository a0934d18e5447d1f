import {
  ProtocolError,
  type CreateMessageRequestParams,
  type CreateMessageResult,
  type ElicitRequestParams,
  type ElicitResult,
} from '@modelcontextprotocol/client';
import { mayOpen } from '../../asks/url-request';
import type { SamplingRequestView } from '../../messaging/asks-contract';
import { AskRefusedError, type AskBroker } from './ask-broker';

/** JSON-RPC code the spec suggests for a sampling request the person refused. */
const SAMPLING_REFUSED = -1;

/**
 * What a server may ask of the client, answered by the person through the {@link AskBroker}.
 * The same handlers serve both eras: 2025 server-to-client requests and the 2026-07-28
 * `input_required` rounds, which SDK v2 fulfils through the handlers registered for them.
 */
export interface ServerRequestHandlers {
  elicit(params: ElicitRequestParams, signal: AbortSignal): Promise<ElicitResult>;
  sample(params: CreateMessageRequestParams, signal: AbortSignal): Promise<CreateMessageResult>;
  /** `notifications/elicitation/complete`: a URL elicitation's page is done. */
  elicitationComplete(elicitationId: string): void;
}

export interface AskingServer {
  id: string;
  name: string;
  /** The server's own URL: only a server on this machine may send the person to one. */
  url: string;
  /** Whether the person lets this server ask to run their model. */
  samplingEnabled(): boolean;
}

export function createServerRequestHandlers(
  broker: AskBroker,
  server: AskingServer,
): ServerRequestHandlers {
  const who = { id: server.id, name: server.name };
  return {
    async elicit(params, signal) {
      try {
        if (params.mode === 'url') {
          // A page the person could not safely open is declined without asking them.
          if (!mayOpen(params.url, server.url)) return { action: 'decline' };
          const outcome = await broker.ask(
            who,
            { kind: 'elicitation-url', message: params.message, url: params.url, phase: 'asking' },
            { signal, elicitationId: params.elicitationId },
          );
          return elicitResult(outcome);
        }
        const outcome = await broker.ask(
          who,
          {
            kind: 'elicitation-form',
            message: params.message,
            requestedSchema: params.requestedSchema as Record<string, unknown>,
          },
          { signal },
        );
        return elicitResult(outcome);
      } catch (error) {
        if (error instanceof AskRefusedError) return { action: 'cancel' };
        throw error;
      }
    },

    async sample(params, signal) {
      let outcome;
      try {
        outcome = await broker.ask(
          who,
          {
            kind: 'sampling',
            request: samplingView(params),
            samplingEnabled: server.samplingEnabled(),
          },
          { signal },
        );
      } catch (error) {
        if (error instanceof AskRefusedError)
          throw new ProtocolError(SAMPLING_REFUSED, error.message);
        throw error;
      }
      if (outcome.action === 'sampled') {
        return {
          role: 'assistant',
          content: { type: 'text', text: outcome.text },
          model: outcome.model,
          ...(outcome.stopReason ? { stopReason: outcome.stopReason } : {}),
        };
      }
      throw new ProtocolError(
        SAMPLING_REFUSED,
        outcome.action === 'expired'
          ? 'The person did not answer the sampling request in time.'
          : 'User rejected sampling request.',
      );
    },

    elicitationComplete(elicitationId) {
      broker.complete(server.id, elicitationId);
    },
  };
}

function elicitResult(outcome: Awaited<ReturnType<AskBroker['ask']>>): ElicitResult {
  switch (outcome.action) {
    case 'accept':
      return outcome.content
        ? { action: 'accept', content: asContent(outcome.content) }
        : { action: 'accept' };
    case 'decline':
      return { action: 'decline' };
    default:
      // Expired, cancelled, or an answer of the wrong kind: the person did not decide.
      return { action: 'cancel' };
  }
}

/** Form values as the spec allows them: strings, numbers, booleans, string arrays. */
function asContent(content: Record<string, unknown>): NonNullable<ElicitResult['content']> {
  const kept: NonNullable<ElicitResult['content']> = {};
  for (const [key, value] of Object.entries(content)) {
    if (
      typeof value === 'string' ||
      typeof value === 'number' ||
      typeof value === 'boolean' ||
      (Array.isArray(value) && value.every((item) => typeof item === 'string'))
    )
      kept[key] = value;
  }
  return kept;
}

/** What the person sees of a sampling request: the parts that decide what runs. */
function samplingView(params: CreateMessageRequestParams): SamplingRequestView {
  return {
    messages: params.messages.map((message) => ({ role: message.role, content: message.content })),
    maxTokens: params.maxTokens,
    ...(params.systemPrompt !== undefined ? { systemPrompt: params.systemPrompt } : {}),
    ...(params.temperature !== undefined ? { temperature: params.temperature } : {}),
    ...(params.stopSequences ? { stopSequences: params.stopSequences } : {}),
    ...(params.modelPreferences ? { modelPreferences: params.modelPreferences } : {}),
    ...(params.includeContext ? { includeContext: params.includeContext } : {}),
  };
}
