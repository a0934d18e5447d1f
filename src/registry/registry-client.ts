/**
 * Searching an MCP Registry (the official one, or a company's sub-registry at another address)
 * through its read-only REST API: `GET /v0.1/servers?search=…&version=latest&cursor=…`, falling
 * back to `/v0/servers` for a registry that serves only that (both run the same handlers on the
 * official registry). Only the latest version of each server, and only entries whose official
 * status is `active`: deprecated ones the registry still lists, and deleted ones it lists when
 * asked, are left out. An entry that is not usable data is skipped and counted; a registry that
 * is down, slow or not a registry is a {@link RegistryError} saying which.
 */
import { readEntry, type RegistryEntry } from './registry-entry';

export type FetchLike = (url: string, init?: RequestInit) => Promise<Response>;

/** Entries per page (the registry's default; it allows 1 to 100). */
export const PAGE_SIZE = 30;
/** How long a registry may take to answer a page. */
const TIMEOUT_MS = 10_000;
/** The most one page may weigh: far above 30 entries of server.json. */
const MAX_PAGE_BYTES = 4 * 1024 * 1024;

export interface RegistryPage {
  entries: RegistryEntry[];
  /** Where the next page starts; undefined on the last. */
  nextCursor?: string;
  /** Entries left out: not usable data, or not `active`. */
  skipped: number;
}

export type RegistryErrorKind = 'unreachable' | 'timeout' | 'http' | 'not-a-registry';

export class RegistryError extends Error {
  override readonly name = 'RegistryError';
  constructor(
    readonly kind: RegistryErrorKind,
    message: string,
  ) {
    super(message);
  }
}

export interface RegistryQuery {
  /** The registry's address, e.g. https://registry.modelcontextprotocol.io (a path is kept). */
  baseUrl: string;
  /** Words the server's name should contain (the registry matches names). */
  search?: string;
  cursor?: string;
  fetch?: FetchLike;
  timeoutMs?: number;
}

/** `{base}/{version}/servers` with the query, keeping a path the base has. */
function listUrl(baseUrl: string, version: 'v0.1' | 'v0', query: RegistryQuery): URL {
  const base = new URL(baseUrl);
  if (!base.pathname.endsWith('/')) base.pathname += '/';
  const url = new URL(`${version}/servers`, base);
  url.searchParams.set('version', 'latest');
  url.searchParams.set('limit', String(PAGE_SIZE));
  const search = query.search?.trim();
  if (search) url.searchParams.set('search', search);
  if (query.cursor) url.searchParams.set('cursor', query.cursor);
  return url;
}

async function get(url: URL, query: RegistryQuery): Promise<Response> {
  const fetchImpl = query.fetch ?? ((input: string, init?: RequestInit) => fetch(input, init));
  try {
    return await fetchImpl(url.href, {
      headers: { accept: 'application/json' },
      credentials: 'omit',
      signal: AbortSignal.timeout(query.timeoutMs ?? TIMEOUT_MS),
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'TimeoutError')
      throw new RegistryError(
        'timeout',
        `The registry at ${url.host} did not answer within ${(query.timeoutMs ?? TIMEOUT_MS) / 1000} s. Try again, or check its address in Settings.`,
      );
    throw new RegistryError(
      'unreachable',
      `Patchbay could not reach the registry at ${url.host}. Check the address in Settings and your connection.`,
    );
  }
}

/** The body as JSON, read no further than the cap (a chunked or compressed body included). */
async function jsonOf(response: Response, host: string): Promise<unknown> {
  const notRegistry = () =>
    new RegistryError(
      'not-a-registry',
      `${host} did not answer like an MCP Registry (a JSON list of servers). Check the address in Settings.`,
    );
  const type = response.headers.get('content-type') ?? '';
  if (!type.includes('json') || !response.body) {
    await response.body?.cancel();
    throw notRegistry();
  }
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > MAX_PAGE_BYTES) {
        await reader.cancel();
        throw notRegistry();
      }
      chunks.push(value);
    }
  } catch (error) {
    if (error instanceof RegistryError) throw error;
    throw new RegistryError(
      'timeout',
      `The registry at ${host} stopped answering part way. Try again in a moment.`,
    );
  }
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  try {
    return JSON.parse(new TextDecoder().decode(bytes)) as unknown;
  } catch {
    throw notRegistry();
  }
}

/** One page of the registry's servers, latest versions, active ones only. */
export async function listRegistry(query: RegistryQuery): Promise<RegistryPage> {
  let url = listUrl(query.baseUrl, 'v0.1', query);
  let response = await get(url, query);
  if (response.status === 404) {
    await response.body?.cancel();
    url = listUrl(query.baseUrl, 'v0', query);
    response = await get(url, query);
  }
  if (!response.ok) {
    await response.body?.cancel();
    throw new RegistryError(
      'http',
      `The registry at ${url.host} answered HTTP ${response.status}${response.status >= 500 ? ': it may be down; try again later' : ''}.`,
    );
  }
  const body = (await jsonOf(response, url.host)) as {
    servers?: unknown;
    metadata?: { nextCursor?: unknown; next_cursor?: unknown };
  } | null;
  if (!body || !Array.isArray(body.servers)) {
    throw new RegistryError(
      'not-a-registry',
      `${url.host} did not answer like an MCP Registry (a JSON list of servers). Check the address in Settings.`,
    );
  }
  const entries: RegistryEntry[] = [];
  let skipped = 0;
  for (const raw of body.servers) {
    const entry = readEntry(raw);
    if (entry?.status === 'active') entries.push(entry);
    else skipped += 1;
  }
  // The registry hands out a cursor whenever a page is full, even the last: an empty page ends.
  const cursor = body.metadata?.nextCursor ?? body.metadata?.next_cursor;
  const nextCursor =
    typeof cursor === 'string' && cursor && body.servers.length > 0 ? cursor : undefined;
  return { entries, skipped, ...(nextCursor ? { nextCursor } : {}) };
}
