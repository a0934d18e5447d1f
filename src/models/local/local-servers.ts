/**
 * The model servers people run on their own machine, where each listens by default, and what
 * Patchbay learns of them. Looked for only on loopback (`127.0.0.1`), only when the person asks
 * (Settings, or the first-run form), and never from the worker.
 */

/** The servers Patchbay knows by their own API, beyond the OpenAI-compatible one they share. */
export type LocalServerKind = 'ollama' | 'lmstudio' | 'llamacpp' | 'jan' | 'vllm';

/** The name each server goes by, and the port it listens on unless told otherwise. */
export const LOCAL_SERVERS: Record<LocalServerKind, { label: string; port: number }> = {
  ollama: { label: 'Ollama', port: 11434 },
  lmstudio: { label: 'LM Studio', port: 1234 },
  llamacpp: { label: 'llama.cpp server', port: 8080 },
  jan: { label: 'Jan', port: 1337 },
  vllm: { label: 'vLLM', port: 8000 },
};

/** Where the servers are looked for: this machine, by the address they bind by default. */
export const LOOPBACK_HOST = '127.0.0.1';

/** One place to look: a port, and the server expected there (any, for a port the person typed). */
export interface LocalTarget {
  port: number;
  kind?: LocalServerKind;
}

/** Each server at its default port. */
export const DEFAULT_TARGETS: readonly LocalTarget[] = (
  Object.keys(LOCAL_SERVERS) as LocalServerKind[]
).map((kind) => ({ kind, port: LOCAL_SERVERS[kind].port }));

/** What a server says one of its models can do; absent where it does not say. */
export interface LocalCapabilities {
  /** Calls tools (function calling). */
  tools?: boolean;
  /** Takes images. */
  vision?: boolean;
  /** The most tokens of context it takes. */
  contextLength?: number;
}

export interface LocalModel extends LocalCapabilities {
  id: string;
}

/** A server that answered, with the models it serves. */
export interface FoundServer {
  status: 'found';
  kind: LocalServerKind | 'compatible';
  /** "Ollama", or "OpenAI-compatible server" where it does not say which it is. */
  label: string;
  origin: string;
  /** Its OpenAI-compatible API, the endpoint the chat uses. */
  baseUrl: string;
  version?: string;
  models: LocalModel[];
}

/** A server that is there but refused Patchbay (HTTP 401/403). */
export interface RefusedServer {
  status: 'refused';
  kind: LocalServerKind | 'compatible';
  label: string;
  origin: string;
  httpStatus: number;
}

export type ProbeResult = FoundServer | RefusedServer;

/** The server known to listen at `port` by default, if any. */
export function kindAtPort(port: number): LocalServerKind | undefined {
  return (Object.keys(LOCAL_SERVERS) as LocalServerKind[]).find(
    (kind) => LOCAL_SERVERS[kind].port === port,
  );
}
