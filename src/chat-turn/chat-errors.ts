import { APICallError, InvalidToolApprovalSignatureError, RetryError } from 'ai';
import { describeLocalRefusal } from '../models/local/local-refusal';
import type { ProviderId } from '../models/model-settings';

/** A field of the model's settings a failure points at. */
export type SettingsField = 'api-key';

/** Where in Settings a failure is fixed: the field, in the form of the provider that failed. */
export interface SettingsTarget {
  field: SettingsField;
  /** The chat's provider, which may not be the one new chats use (a chat can switch). */
  provider?: ProviderId;
}

/**
 * The one step that helps after a failed request, as the chat offers it beside Retry: the
 * Settings field to fix (the API key), another model for this chat (a chat keeps the model it
 * started with, so Settings' model would not change it), or a new chat for one too long to go
 * on. Retry alone where waiting or trying again is the fix.
 */
export type ChatErrorStep =
  | { kind: 'retry' }
  | ({ kind: 'settings' } & SettingsTarget)
  | { kind: 'choose-model' }
  | { kind: 'new-chat' };

/** What the chat says of a failure, and the step it offers. */
export interface ChatErrorExplained {
  sentence: string;
  step: ChatErrorStep;
}

const RETRY: ChatErrorStep = { kind: 'retry' };

/**
 * A sentence for an error from the model provider, saying what to do about it, and that step.
 * Reads the error bodies of OpenAI (`error.code`), Anthropic (`error.type`) and Gemini
 * (`error.status`, `error.details[].reason`).
 */
export function explainChatError(error: unknown): ChatErrorExplained {
  // After its automatic retries the AI SDK reports the last failure wrapped.
  if (RetryError.isInstance(error) && error.lastError !== undefined)
    return explainChatError(error.lastError);
  if (APICallError.isInstance(error)) return explainApiCallError(error);
  if (InvalidToolApprovalSignatureError.isInstance(error))
    return {
      sentence:
        'A tool call in this chat is marked approved, but not by this Patchbay, so it was not run. Ask again to approve it here.',
      step: RETRY,
    };
  if (error instanceof TypeError && /fetch/i.test(error.message)) {
    return {
      sentence:
        'Couldn’t reach the model provider. Check your connection and the endpoint in Settings, then retry.',
      step: RETRY,
    };
  }
  return { sentence: error instanceof Error ? error.message : String(error), step: RETRY };
}

/** A sentence for an error from the model provider, saying what to do about it. */
export function describeChatError(error: unknown): string {
  return explainChatError(error).sentence;
}

function explainApiCallError(error: APICallError): ChatErrorExplained {
  const body = parsed(error.responseBody)?.error;
  const detail = text(body?.message) ?? error.message;
  const code = text(body?.code) ?? text(body?.type) ?? text(body?.status);
  const local = describeLocalRefusal(error.url, error.statusCode);
  if (local) return { sentence: local, step: RETRY };
  if (
    error.statusCode === 401 ||
    error.statusCode === 403 ||
    code === 'invalid_api_key' ||
    code === 'authentication_error' ||
    reasons(body?.details).includes('API_KEY_INVALID')
  ) {
    return {
      sentence:
        `The provider rejected the API key (HTTP ${error.statusCode}). Check it in Settings. ${detail}`.trim(),
      step: { kind: 'settings', field: 'api-key' },
    };
  }
  if (error.statusCode === 429)
    return {
      sentence: `The provider is rate limiting requests (HTTP 429): ${detail} Wait a moment, then retry.`,
      step: RETRY,
    };
  if (
    error.statusCode === 529 ||
    error.statusCode === 503 ||
    code === 'overloaded_error' ||
    code === 'UNAVAILABLE'
  )
    return {
      sentence: `The provider is overloaded right now (HTTP ${error.statusCode}): ${detail} Wait a moment, then retry.`,
      step: RETRY,
    };
  if (code === 'context_length_exceeded' || TOO_LONG.test(detail)) {
    return {
      sentence:
        'This conversation is too long for the model. Start a new chat, or pick a model with a larger context window.',
      step: { kind: 'new-chat' },
    };
  }
  if (error.statusCode === 404)
    return {
      sentence: `The provider does not know this model or endpoint (HTTP 404): ${detail} Choose another model for this chat, or check the endpoint in Settings.`,
      step: { kind: 'choose-model' },
    };
  if (error.statusCode === undefined)
    return {
      sentence: `Couldn't reach ${hostOf(error.url)}. Check your connection and the endpoint in Settings, then retry.`,
      step: RETRY,
    };
  return { sentence: `The provider answered HTTP ${error.statusCode}: ${detail}`, step: RETRY };
}

/**
 * How Anthropic ("prompt is too long: 210000 tokens > 200000 maximum") and Gemini ("The input
 * token count (1200000) exceeds the maximum number of tokens allowed (1048576).") say it.
 */
const TOO_LONG = /prompt is too long|exceeds the maximum number of tokens/i;

interface ErrorBody {
  message?: unknown;
  code?: unknown;
  type?: unknown;
  status?: unknown;
  details?: unknown;
}

function parsed(body: string | undefined): { error?: ErrorBody } | undefined {
  if (!body) return undefined;
  try {
    const value = JSON.parse(body) as unknown;
    return typeof value === 'object' && value !== null
      ? (value as { error?: ErrorBody })
      : undefined;
  } catch {
    return undefined;
  }
}

function text(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

function reasons(details: unknown): unknown[] {
  return Array.isArray(details)
    ? details.map((detail) => (detail as { reason?: unknown } | null)?.reason)
    : [];
}

function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
}
