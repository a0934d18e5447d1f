/**
 * The SDK's Client, handing each request of a spec method its result schema ready-made. Where
 * SDK v2 (2.4) falls short: `request()` without a schema looks the method's result schema up
 * by validating `undefined` against it and formatting the ZodError that fails, on every
 * request, only to learn whether the negotiated era has one; on a warm tool call that probe was
 * one of the larger costs the worker adds to the server's own time. Here the probe runs once
 * per era and method, and the same validation (the era's codec, with its message on failure)
 * goes to the SDK's explicit-schema `request()`. The answer is validated as before.
 */
import {
  Client,
  type RequestOptions,
  type ResultTypeMap,
  type StandardSchemaV1,
} from '@modelcontextprotocol/client';

type Codec = ReturnType<Client['_wireCodec']>;

/** Per era's codec: each method's result schema, or null where the era has none. */
const schemasByCodec = new WeakMap<Codec, Map<string, StandardSchemaV1 | null>>();

function resultSchema(codec: Codec, method: string): StandardSchemaV1 | null {
  let schemas = schemasByCodec.get(codec);
  if (!schemas) schemasByCodec.set(codec, (schemas = new Map()));
  let schema = schemas.get(method);
  if (schema === undefined) {
    const probe = codec.validateResult(method, undefined);
    schema = !probe.ok && probe.reason === 'not-in-era' ? null : codecSchema(codec, method);
    schemas.set(method, schema);
  }
  return schema;
}

/** The era's validation of `method`'s result, as the SDK builds it for a schemaless request. */
function codecSchema(codec: Codec, method: string): StandardSchemaV1 {
  return {
    '~standard': {
      version: 1,
      vendor: 'mcp-wire-codec',
      validate(value) {
        const outcome = codec.validateResult(method, value);
        if (outcome.ok) return { value: outcome.value };
        return {
          issues: [
            {
              message: outcome.reason === 'invalid' ? outcome.message : `not-in-era: ${method}`,
            },
          ],
        };
      },
    },
  };
}

function isSchema(value: unknown): value is StandardSchemaV1 {
  return typeof value === 'object' && value !== null && '~standard' in value;
}

export class ResultSchemaClient extends Client {
  override request<M extends keyof ResultTypeMap>(
    request: { method: M; params?: Record<string, unknown> },
    options?: RequestOptions,
  ): Promise<ResultTypeMap[M]>;
  override request<T extends StandardSchemaV1>(
    request: { method: string; params?: Record<string, unknown> },
    resultSchema: T,
    options?: RequestOptions,
  ): Promise<StandardSchemaV1.InferOutput<T>>;
  override request(
    request: { method: string; params?: Record<string, unknown> },
    schemaOrOptions?: StandardSchemaV1 | RequestOptions,
    options?: RequestOptions,
  ): Promise<unknown> {
    // Before an era is agreed the SDK picks the codec by method (initialize, server/discover),
    // and a method the era does not define fails in its own way: those go the SDK's way.
    if (!isSchema(schemaOrOptions) && this.getNegotiatedProtocolVersion() !== undefined) {
      const codec = this._wireCodec();
      const schema = codec.hasRequestMethod(request.method) && resultSchema(codec, request.method);
      if (schema) return super.request(request, schema, schemaOrOptions);
    }
    return super.request(request as never, schemaOrOptions as never, options);
  }
}
