/** A server's sampling request as the card shows it, and what the person agrees to run. */

export interface SamplingMessageView {
  role: 'user' | 'assistant';
  /** One content block or, since 2025-11-25, an array of them: text, image, audio, or others. */
  content: unknown;
}

export interface SamplingRequestView {
  messages: SamplingMessageView[];
  systemPrompt?: string;
  maxTokens: number;
  temperature?: number;
  stopSequences?: string[];
  modelPreferences?: { hints?: { name?: string }[] };
  includeContext?: string;
}

/**
 * What the person agreed to run. Each message's text is its text blocks joined, as edited;
 * images and other blocks cannot be edited here and stay as the server sent them, by index.
 */
export interface SamplingRun {
  systemPrompt?: string;
  messages: { role: 'user' | 'assistant'; text: string }[];
  maxTokens: number;
}

/** The server's limit on the answer, a whole number of at least 1 (1 when it sent nonsense). */
export function requestedMaxTokens(request: SamplingRequestView): number {
  return positiveWhole(request.maxTokens) ?? 1;
}

/** The person's limit as typed, or undefined unless it is a whole number from 1 to `max`. */
export function parseMaxTokens(input: string, max: number): number | undefined {
  const parsed = Number(input.trim());
  if (input.trim() === '' || !Number.isInteger(parsed) || parsed < 1 || parsed > max) {
    return undefined;
  }
  return parsed;
}

/** Up to five model names the server suggests. */
export function modelHints(request: SamplingRequestView): string[] {
  return (request.modelPreferences?.hints ?? [])
    .map((hint) => hint?.name)
    .filter((name): name is string => typeof name === 'string' && name.trim() !== '')
    .slice(0, 5);
}

/** The request's other settings, one short phrase each. */
export function samplingSettings(request: SamplingRequestView): string[] {
  return [
    typeof request.temperature === 'number' ? `Temperature ${request.temperature}` : undefined,
    Array.isArray(request.stopSequences) && request.stopSequences.length
      ? `Stops at ${request.stopSequences.map((stop) => `“${String(stop)}”`).join(', ')}`
      : undefined,
    request.includeContext === 'thisServer' || request.includeContext === 'allServers'
      ? `Asks to include context from ${request.includeContext === 'allServers' ? 'all servers' : 'this server'}`
      : undefined,
  ].filter((setting): setting is string => Boolean(setting));
}

function positiveWhole(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isFinite(value) && value >= 1
    ? Math.floor(value)
    : undefined;
}
