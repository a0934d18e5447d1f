import { PROBE_TIMEOUT_MS, type ProbeIo } from './fetch-json';
import {
  DEFAULT_TARGETS,
  LOOPBACK_HOST,
  type LocalTarget,
  type ProbeResult,
} from './local-servers';
import { readOllama } from './ollama';
import { readOpenAiModels } from './openai-models';
import { withLlamaCppProps, withLmStudioDetails } from './server-details';

/**
 * Looks for model servers on this machine, all at once, each request given up after a short
 * timeout: every target's port on `127.0.0.1`, read as the server known there (Ollama by its
 * own API; the others by their OpenAI-compatible model list, with what LM Studio's and
 * llama.cpp's own endpoints add). A port with no known server (one the person typed) is tried as
 * Ollama, then as any OpenAI-compatible server. Resolves with the servers that answered, found
 * or refusing, in the targets' order; never rejects.
 */
export async function findLocalServers(
  targets: readonly LocalTarget[] = DEFAULT_TARGETS,
  io: Partial<ProbeIo> = {},
): Promise<ProbeResult[]> {
  const options: ProbeIo = {
    fetch: io.fetch ?? ((input, init) => fetch(input, init)),
    timeoutMs: io.timeoutMs ?? PROBE_TIMEOUT_MS,
  };
  const unique = targets.filter(
    (target, index) => targets.findIndex((other) => other.port === target.port) === index,
  );
  const results = await Promise.all(unique.map((target) => readTarget(target, options)));
  return results.filter((result): result is ProbeResult => result !== undefined);
}

async function readTarget(target: LocalTarget, io: ProbeIo): Promise<ProbeResult | undefined> {
  const origin = `http://${LOOPBACK_HOST}:${target.port}`;
  if (target.kind === 'ollama' || target.kind === undefined) {
    const ollama = await readOllama(origin, io);
    if (ollama || target.kind === 'ollama') return ollama;
  }
  const found = await readOpenAiModels(origin, io, target.kind);
  if (found?.status !== 'found') return found;
  if (found.kind === 'lmstudio') return withLmStudioDetails(found, io);
  if (found.kind === 'llamacpp') return withLlamaCppProps(found, io);
  return found;
}
