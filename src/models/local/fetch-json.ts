/** How the probe reaches a server: one fetch, and how long any request may take. */
export interface ProbeIo {
  fetch: typeof fetch;
  /** Milliseconds before a request is given up (a port nobody answers on must not stall). */
  timeoutMs: number;
}

/** What came back: the status and the JSON body (undefined when it was not JSON). */
export interface JsonAnswer {
  status: number;
  body: unknown;
}

/** Short: a server on this machine answers in milliseconds, and nothing waits on a closed port. */
export const PROBE_TIMEOUT_MS = 1500;

/**
 * One request to a local server: GET, or POST with a JSON body. Undefined when nothing answered
 * (closed port, timeout, not HTTP). Never follows a redirect: a local server that sends Patchbay
 * elsewhere is not one to use.
 */
export async function fetchJson(
  url: string,
  io: ProbeIo,
  post?: unknown,
): Promise<JsonAnswer | undefined> {
  try {
    const response = await io.fetch(url, {
      redirect: 'error',
      signal: AbortSignal.timeout(io.timeoutMs),
      ...(post === undefined
        ? {}
        : {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify(post),
          }),
    });
    const body: unknown = await response.json().catch(() => undefined);
    return { status: response.status, body };
  } catch {
    return undefined;
  }
}

/** The object at `value`, or an empty one: servers' answers are read field by field. */
export function record(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};
}

/** The array at `value`, or an empty one. */
export function list(value: unknown): unknown[] {
  return Array.isArray(value) ? value : [];
}

/** A positive whole number, or undefined. */
export function count(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isInteger(value) && value > 0 ? value : undefined;
}

/** Whether the server refused the request (it is there, but will not serve Patchbay). */
export function refused(answer: JsonAnswer | undefined): boolean {
  return answer?.status === 401 || answer?.status === 403;
}
