import { count, fetchJson, list, record, type ProbeIo } from './fetch-json';
import type { FoundServer, LocalCapabilities } from './local-servers';

/**
 * LM Studio's own list, `GET /api/v0/models`: each model's `type` ("llm", "vlm" takes images,
 * "embeddings" cannot chat), `max_context_length`, and in newer versions `capabilities`
 * (["tool_use"]). Embedding models are left out of the list: they cannot chat.
 */
export async function withLmStudioDetails(server: FoundServer, io: ProbeIo): Promise<FoundServer> {
  const answer = await fetchJson(`${server.origin}/api/v0/models`, io);
  if (answer?.status !== 200) return server;
  const details = new Map<string, { type: unknown; capabilities: LocalCapabilities }>();
  for (const entry of list(record(answer.body).data)) {
    const model = record(entry);
    if (typeof model.id !== 'string') continue;
    const contextLength = count(model.max_context_length);
    const said = Array.isArray(model.capabilities) ? model.capabilities : undefined;
    details.set(model.id, {
      type: model.type,
      capabilities: {
        ...(model.type === 'llm' || model.type === 'vlm' ? { vision: model.type === 'vlm' } : {}),
        ...(said ? { tools: said.includes('tool_use') } : {}),
        ...(contextLength ? { contextLength } : {}),
      },
    });
  }
  return {
    ...server,
    models: server.models
      .filter((model) => details.get(model.id)?.type !== 'embeddings')
      .map((model) => ({ ...model, ...details.get(model.id)?.capabilities })),
  };
}

/**
 * llama.cpp's server, `GET /props`: the context it runs with
 * (`default_generation_settings.n_ctx`) and whether it takes images (`modalities.vision`), for
 * the one model it serves.
 */
export async function withLlamaCppProps(server: FoundServer, io: ProbeIo): Promise<FoundServer> {
  const answer = await fetchJson(`${server.origin}/props`, io);
  if (answer?.status !== 200) return server;
  const props = record(answer.body);
  const contextLength = count(record(props.default_generation_settings).n_ctx);
  const vision = record(props.modalities).vision;
  const capabilities: LocalCapabilities = {
    ...(contextLength ? { contextLength } : {}),
    ...(typeof vision === 'boolean' ? { vision } : {}),
  };
  return { ...server, models: server.models.map((model) => ({ ...model, ...capabilities })) };
}
