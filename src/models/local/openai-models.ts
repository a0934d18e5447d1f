import { count, fetchJson, list, record, refused, type ProbeIo } from './fetch-json';
import {
  LOCAL_SERVERS,
  type LocalModel,
  type LocalServerKind,
  type ProbeResult,
} from './local-servers';

/**
 * An OpenAI-compatible server at `origin`, by `GET /v1/models` (`data[].id`), as LM Studio,
 * llama.cpp's server, Jan and vLLM all serve it. Where a server adds to the list, that is read
 * too: vLLM's `max_model_len`, llama.cpp's `meta.n_ctx_train`. `kind` is what the port is known
 * for; a server that names itself (`owned_by`: "vllm", "llamacpp") is taken at its word.
 * Undefined when nothing there lists models.
 */
export async function readOpenAiModels(
  origin: string,
  io: ProbeIo,
  kind: LocalServerKind | undefined,
): Promise<ProbeResult | undefined> {
  const answer = await fetchJson(`${origin}/v1/models`, io);
  const named = kind ?? 'compatible';
  const label = named === 'compatible' ? 'OpenAI-compatible server' : LOCAL_SERVERS[named].label;
  if (refused(answer))
    return { status: 'refused', kind: named, label, origin, httpStatus: answer?.status ?? 403 };
  const data = record(answer?.body).data;
  if (answer?.status !== 200 || !Array.isArray(data)) return undefined;
  const models = list(data).flatMap((entry): LocalModel[] => {
    const model = record(entry);
    if (typeof model.id !== 'string' || !model.id) return [];
    const contextLength = count(model.max_model_len) ?? count(record(model.meta).n_ctx_train);
    return [{ id: model.id, ...(contextLength ? { contextLength } : {}) }];
  });
  const owner = record(list(data)[0]).owned_by;
  const found = owner === 'vllm' ? 'vllm' : owner === 'llamacpp' ? 'llamacpp' : named;
  return {
    status: 'found',
    kind: found,
    label: found === 'compatible' ? label : LOCAL_SERVERS[found].label,
    origin,
    baseUrl: `${origin}/v1`,
    models,
  };
}
