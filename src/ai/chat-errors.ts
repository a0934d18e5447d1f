import { APICallError } from 'ai';

/** A sentence for an error from the model provider, saying what to do about it. */
export function describeChatError(error: unknown): string {
  if (APICallError.isInstance(error)) {
    const detail = providerMessage(error.responseBody) ?? error.message;
    const code = providerCode(error.responseBody);
    if (error.statusCode === 401 || error.statusCode === 403 || code === 'invalid_api_key') {
      return `The provider rejected the API key (HTTP ${error.statusCode}). Check it in Settings. ${detail}`.trim();
    }
    if (error.statusCode === 429)
      return `The provider is rate limiting requests (HTTP 429): ${detail} Wait a moment, then retry.`;
    if (code === 'context_length_exceeded') {
      return 'This conversation is too long for the model. Start a new chat, or pick a model with a larger context window.';
    }
    if (error.statusCode === 404)
      return `The provider does not know this model or endpoint (HTTP 404): ${detail} Check Settings.`;
    if (error.statusCode === undefined)
      return `Couldn't reach ${hostOf(error.url)}. Check your connection and the endpoint in Settings, then retry.`;
    return `The provider answered HTTP ${error.statusCode}: ${detail}`;
  }
  if (error instanceof TypeError && /fetch/i.test(error.message)) {
    return 'Couldn’t reach the model provider. Check your connection and the endpoint in Settings, then retry.';
  }
  return error instanceof Error ? error.message : String(error);
}

function parsed(
  body: string | undefined,
): { error?: { message?: unknown; code?: unknown } } | undefined {
  if (!body) return undefined;
  try {
    return JSON.parse(body) as { error?: { message?: unknown; code?: unknown } };
  } catch {
    return undefined;
  }
}

function providerMessage(body: string | undefined): string | undefined {
  const message = parsed(body)?.error?.message;
  return typeof message === 'string' ? message : undefined;
}

function providerCode(body: string | undefined): string | undefined {
  const code = parsed(body)?.error?.code;
  return typeof code === 'string' ? code : undefined;
}

function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
}
