import { count, fetchJson, list, record, refused, type ProbeIo } from './fetch-json';
import { LOCAL_SERVERS, type LocalModel, type ProbeResult } from './local-servers';

/** Models asked about one by one at most: a bound on a server with a long list. */
const MAX_SHOWN = 24;

/**
 * Ollama at `origin`, by its own API: `GET /api/version` (`{ version }`) says it is Ollama,
 * `GET /api/tags` lists the models pulled (`models[].name`), and `POST /api/show` tells what
 * each can do (`capabilities`: "completion", "tools", "vision", …; `model_info`:
 * `<architecture>.context_length`). Undefined when nothing there speaks Ollama's API.
 */
export async function readOllama(origin: string, io: ProbeIo): Promise<ProbeResult | undefined> {
  const [version, tags] = await Promise.all([
    fetchJson(`${origin}/api/version`, io),
    fetchJson(`${origin}/api/tags`, io),
  ]);
  const label = LOCAL_SERVERS.ollama.label;
  if (refused(tags) || refused(version))
    return {
      status: 'refused',
      kind: 'ollama',
      label,
      origin,
      httpStatus: (refused(tags) ? tags : version)?.status ?? 403,
    };
  const versionText = record(version?.body).version;
  const names = list(record(tags?.body).models)
    .map((model) => record(model).name)
    .filter((name): name is string => typeof name === 'string' && name.length > 0);
  if (typeof versionText !== 'string' || tags?.status !== 200) return undefined;
  const models = await Promise.all(
    names.map((name, index) =>
      index < MAX_SHOWN ? showModel(origin, name, io) : Promise.resolve({ id: name }),
    ),
  );
  return {
    status: 'found',
    kind: 'ollama',
    label,
    origin,
    baseUrl: `${origin}/v1`,
    version: versionText,
    models,
  };
}

/** What `/api/show` says of one model; only its name where it says nothing. */
async function showModel(origin: string, name: string, io: ProbeIo): Promise<LocalModel> {
  const answer = await fetchJson(`${origin}/api/show`, io, { model: name });
  if (answer?.status !== 200) return { id: name };
  return { id: name, ...ollamaCapabilities(answer.body) };
}

/** Capabilities from an `/api/show` answer. */
export function ollamaCapabilities(body: unknown): Omit<LocalModel, 'id'> {
  const show = record(body);
  const info = record(show.model_info);
  const architecture = info['general.architecture'];
  const contextLength =
    typeof architecture === 'string' ? count(info[`${architecture}.context_length`]) : undefined;
  const capabilities = Array.isArray(show.capabilities) ? show.capabilities : undefined;
  return {
    ...(capabilities
      ? { tools: capabilities.includes('tools'), vision: capabilities.includes('vision') }
      : {}),
    ...(contextLength ? { contextLength } : {}),
  };
}
