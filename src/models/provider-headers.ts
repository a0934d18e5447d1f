import type { ProviderId } from './model-settings';

/**
 * Anthropic refuses requests that carry a browser's Origin unless they opt in with this header:
 * it is there to stop websites from shipping their own key to every visitor. Here the key is the
 * person's own and stays in the extension, which is the case the header exists for.
 */
export const ANTHROPIC_BROWSER_HEADER = { 'anthropic-dangerous-direct-browser-access': 'true' };

/** The Messages API version @ai-sdk/anthropic speaks; the models list is asked with the same. */
export const ANTHROPIC_VERSION = '2023-06-01';

/** The headers that carry each provider's key: its own header, never another's. */
export function authHeaders(
  provider: ProviderId,
  apiKey: string | undefined,
): Record<string, string> {
  if (!apiKey) return {};
  if (provider === 'anthropic')
    return {
      'x-api-key': apiKey,
      'anthropic-version': ANTHROPIC_VERSION,
      ...ANTHROPIC_BROWSER_HEADER,
    };
  if (provider === 'google') return { 'x-goog-api-key': apiKey };
  return { authorization: `Bearer ${apiKey}` };
}
