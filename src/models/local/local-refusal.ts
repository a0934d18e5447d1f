import { isLoopbackHost } from '../../net/private-network';

/** Ollama's own switch for the origins it serves, as the fix names it. */
export const OLLAMA_ORIGINS_FIX = 'OLLAMA_ORIGINS=chrome-extension://*';

/**
 * Why a model server on this machine refused Patchbay (HTTP 403), and the fix: such servers
 * have no key to reject; they check the request's origin, and Patchbay's pages are
 * `chrome-extension://…`, which they do not list. Ollama is named where the port is its own.
 * Undefined for a server that is not on this machine, or another status.
 */
export function describeLocalRefusal(url: string, status: number | undefined): string | undefined {
  let address: URL;
  try {
    address = new URL(url);
  } catch {
    return undefined;
  }
  if (status !== 403 || !isLoopbackHost(address.hostname)) return undefined;
  const ollama = address.port === '11434';
  const server = `${ollama ? 'Ollama' : 'The model server'} at ${address.host}`;
  const fix = ollama
    ? `Set ${OLLAMA_ORIGINS_FIX} in Ollama's environment, then restart Ollama.`
    : `Allow the origin chrome-extension://* in its settings (for Ollama: ${OLLAMA_ORIGINS_FIX}, then restart it).`;
  return `${server} refused Patchbay's request (HTTP 403): it only serves the web origins it allows, and not chrome-extension://… (there is no API key involved). ${fix}`;
}
