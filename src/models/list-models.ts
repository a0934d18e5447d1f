import {
  endpointOf,
  INSECURE_ENDPOINT_MESSAGE,
  isAllowedModelEndpoint,
  type ProviderId,
} from './model-settings';
import { ModelListError } from '../errors/model-list-error';
import { describeLocalRefusal } from './local/local-refusal';
import { authHeaders } from './provider-headers';

/** Why a model endpoint is not used: plain http to another machine would expose the key. */
export function refuseInsecure(endpoint: string): Error {
  return new Error(`${endpoint} is not used: ${INSECURE_ENDPOINT_MESSAGE} Change it in Settings.`);
}

export interface ModelListRequest {
  provider: ProviderId;
  baseUrl?: string;
  apiKey?: string;
}

/** Pages of the Gemini list followed at most: a bound on a misbehaving endpoint. */
const MAX_PAGES = 10;

/**
 * The models a provider lists at its own models endpoint, or an error saying why there is no
 * list: OpenAI and compatible endpoints `GET /models` (`data[].id`), Anthropic `GET /models`
 * (`data[].id`), Gemini `GET /models` (`models[].name`, only those that can chat, i.e. support
 * `generateContent`). Asked with the provider's own key header only.
 */
export async function listModels(
  settings: ModelListRequest,
  fetchImpl: typeof fetch = fetch,
): Promise<string[]> {
  const endpoint = endpointOf(settings);
  if (!isAllowedModelEndpoint(endpoint)) throw refuseInsecure(endpoint);
  const headers = authHeaders(settings.provider, settings.apiKey);
  const ids: string[] = [];
  let pageToken: string | undefined;
  for (let page = 0; page < MAX_PAGES; page += 1) {
    const url =
      settings.provider === 'google'
        ? `${endpoint}/models?pageSize=1000${pageToken ? `&pageToken=${encodeURIComponent(pageToken)}` : ''}`
        : settings.provider === 'anthropic'
          ? `${endpoint}/models?limit=1000`
          : `${endpoint}/models`;
    const body = await fetchList(url, endpoint, headers, fetchImpl);
    if (settings.provider !== 'google') {
      ids.push(...idsOf((body as { data?: unknown })?.data, (model) => model.id));
      break;
    }
    const { models, nextPageToken } = (body ?? {}) as { models?: unknown; nextPageToken?: unknown };
    ids.push(
      ...idsOf(models, (model) =>
        Array.isArray(model.supportedGenerationMethods) &&
        model.supportedGenerationMethods.includes('generateContent') &&
        typeof model.name === 'string'
          ? model.name.replace(/^models\//, '')
          : undefined,
      ),
    );
    if (typeof nextPageToken !== 'string' || !nextPageToken) break;
    pageToken = nextPageToken;
  }
  return [...new Set(ids)].sort();
}

async function fetchList(
  url: string,
  endpoint: string,
  headers: Record<string, string>,
  fetchImpl: typeof fetch,
): Promise<unknown> {
  let response: Response;
  try {
    // The request carries the key: a redirect is not followed with it.
    response = await fetchImpl(url, { headers, redirect: 'error' });
  } catch {
    throw new ModelListError(
      'unreachable',
      `Couldn't reach ${endpoint}. Check the URL and that the server is running.`,
    );
  }
  const body: unknown = await response.json().catch(() => undefined);
  const local = describeLocalRefusal(url, response.status);
  if (local) throw new ModelListError('origin-refused', local, response.status);
  if (response.status === 401 || response.status === 403 || keyInvalid(body)) {
    throw new ModelListError(
      'key-refused',
      `The API key was rejected (HTTP ${response.status}). Check it and try again.`,
      response.status,
    );
  }
  if (!response.ok)
    throw new ModelListError(
      'no-list',
      `${endpoint}/models answered HTTP ${response.status}. Type the model name instead.`,
      response.status,
    );
  return body;
}

/** Gemini answers a bad key with HTTP 400 and the reason API_KEY_INVALID. */
function keyInvalid(body: unknown): boolean {
  const details = (body as { error?: { details?: unknown } } | undefined)?.error?.details;
  return (
    Array.isArray(details) &&
    details.some((detail) => (detail as { reason?: unknown })?.reason === 'API_KEY_INVALID')
  );
}

function idsOf(list: unknown, pick: (model: Record<string, unknown>) => unknown): string[] {
  if (!Array.isArray(list)) return [];
  return list
    .map((model) =>
      typeof model === 'object' && model !== null
        ? pick(model as Record<string, unknown>)
        : undefined,
    )
    .filter((id): id is string => typeof id === 'string');
}
