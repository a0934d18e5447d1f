import { APICallError, InvalidToolApprovalSignatureError, RetryError } from 'ai';
import { describeLocalRefusal } from './local/local-refusal';

/**
 * A sentence for an error from the model provider, saying what to do about it. Reads the error
 * bodies of OpenAI (`error.code`), Anthropic (`error.type`) and Gemini (`error.status`,
 * `error.details[].reason`).
 */
export function describeChatError(error: unknown): string {
  // After its automatic retries the AI SDK reports the last failure wrapped.
  if (RetryError.isInstance(error) && error.lastError !== undefined)
    return describeChatError(error.lastError);
  if (APICallError.isInstance(error)) {
    const body = parsed(error.responseBody)?.error;
    const detail = text(body?.message) ?? error.message;
    const code = text(body?.code) ?? text(body?.type) ?? text(body?.status);
    const local = describeLocalRefusal(error.url, error.statusCode);
    if (local) return local;
    if (
      error.statusCode === 401 ||
      error.statusCode === 403 ||
      code === 'invalid_api_key' ||
      code === 'authentication_error' ||
      reasons(body?.details).includes('API_KEY_INVALID')
    ) {
      return `The provider rejected the API key (HTTP ${error.statusCode}). Check it in Settings. ${detail}`.trim();
    }
    if (error.statusCode === 429)
      return `The provider is rate limiting requests (HTTP 429): ${detail} Wait a moment, then retry.`;
    if (
      error.statusCode === 529 ||
      error.statusCode === 503 ||
      code === 'overloaded_error' ||
      code === 'UNAVAILABLE'
    )
      return `The provider is overloaded right now (HTTP ${error.statusCode}): ${detail} Wait a moment, then retry.`;
    if (code === 'context_length_exceeded' || TOO_LONG.test(detail)) {
      return 'This conversation is too long for the model. Start a new chat, or pick a model with a larger context window.';
    }
    if (error.statusCode === 404)
      return `The provider does not know this model or endpoint (HTTP 404): ${detail} Check Settings.`;
    if (error.statusCode === undefined)
      return `Couldn't reach ${hostOf(error.url)}. Check your connection and the endpoint in Settings, then retry.`;
    return `The provider answered HTTP ${error.statusCode}: ${detail}`;
  }
  if (InvalidToolApprovalSignatureError.isInstance(error))
    return 'A tool call in this chat is marked approved, but not by this Patchbay, so it was not run. Ask again to approve it here.';
  if (error instanceof TypeError && /fetch/i.test(error.message)) {
    return 'Couldn’t reach the model provider. Check your connection and the endpoint in Settings, then retry.';
  }
  return error instanceof Error ? error.message : String(error);
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
