/**
 * Which model `npm start` sets up in its own profile, from the environment: an OpenAI-compatible
 * endpoint (PATCHBAY_BASE_URL, e.g. a local Ollama), else the first provider key found.
 * PATCHBAY_MODEL picks the model; without it, a hosted provider's default below, or the first
 * model a compatible endpoint lists.
 */
import { listModels } from '../../src/models/list-models';
import { modelSettingsSchema, type ModelSettings } from '../../src/models/model-settings';
import { PROVIDER_GUIDES } from '../../src/models/provider-guide';

/** Models `npm start` picks when PATCHBAY_MODEL names none: the ones the first-run form picks. */

const KEY_VARIABLES = [
  ['OPENAI_API_KEY', 'openai'],
  ['ANTHROPIC_API_KEY', 'anthropic'],
  ['GOOGLE_GENERATIVE_AI_API_KEY', 'google'],
] as const;

export type Environment = Record<string, string | undefined>;

/** What the environment asks for, before a compatible endpoint's model is looked up. */
export type ModelRequest =
  | { provider: 'openai' | 'anthropic' | 'google'; apiKey: string; model: string; from: string }
  | { provider: 'compatible'; baseUrl: string; apiKey?: string; model?: string; from: string };

export function modelRequestFrom(env: Environment): ModelRequest | undefined {
  const model = env.PATCHBAY_MODEL || undefined;
  if (env.PATCHBAY_BASE_URL) {
    return {
      provider: 'compatible',
      baseUrl: env.PATCHBAY_BASE_URL,
      ...(env.PATCHBAY_API_KEY ? { apiKey: env.PATCHBAY_API_KEY } : {}),
      ...(model ? { model } : {}),
      from: 'PATCHBAY_BASE_URL',
    };
  }
  for (const [variable, provider] of KEY_VARIABLES) {
    const apiKey = env[variable];
    if (apiKey)
      return {
        provider,
        apiKey,
        model: model ?? PROVIDER_GUIDES[provider].defaultModel,
        from: variable,
      };
  }
  return undefined;
}

/**
 * The settings to store for the request, checked as the Settings form checks them; a
 * compatible endpoint without PATCHBAY_MODEL gets the first model it lists. Throws a sentence
 * saying what to change.
 */
export async function resolveModel(
  request: ModelRequest,
  fetchImpl: typeof fetch = fetch,
): Promise<ModelSettings> {
  const { from, ...settings } = request;
  let model = settings.model;
  if (!model) {
    const listed = await listModels(settings, fetchImpl).catch((error: unknown) => {
      throw new Error(
        `Could not list the models at ${request.provider === 'compatible' ? request.baseUrl : request.provider} (${error instanceof Error ? error.message : String(error)}). Set PATCHBAY_MODEL to the model to use.`,
      );
    });
    model = listed[0];
    if (!model) throw new Error(`The endpoint lists no models. Set PATCHBAY_MODEL.`);
  }
  const parsed = modelSettingsSchema.safeParse({ ...settings, model });
  if (!parsed.success) {
    throw new Error(
      `${from} cannot be used: ${parsed.error.issues.map((issue) => issue.message).join(' ')}`,
    );
  }
  return parsed.data;
}
