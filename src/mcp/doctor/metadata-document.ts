/**
 * One OAuth metadata document fetched for the doctor: a plain GET with the sign-in's deadline
 * (the server's headers go only to its own origin, as there), and what the server answered.
 * Not through the OAuth fetch itself, which repairs some answers (discovery-repairs.ts): the
 * report says what the server serves, and the verdict what Patchbay makes of it.
 */
import { isLoopbackHost } from '../../net/private-network';
import type { FetchLike } from '../../net/fetch-like';
import { readHead } from './page-kind';
import { requestFailure } from './request-failure';
import type { DoctorStep } from './steps';

export interface Fetched {
  row: Omit<DoctorStep, 'name'>;
  /** The JSON object found there, if one was. */
  document?: Record<string, unknown>;
}

export interface DocumentFetch {
  fetch: FetchLike;
  /** The MCP server's URL: its origin alone gets the custom headers. */
  server: URL;
  headers: Record<string, string>;
  /** The card's sentence for a request that got no answer. */
  words: (failure: ReturnType<typeof requestFailure>) => string;
}

export async function fetchDocument(url: string, how: DocumentFetch): Promise<Fetched> {
  const target = new URL(url);
  const sameOrigin = target.origin === how.server.origin;
  if (target.protocol === 'http:' && !sameOrigin && !isLoopbackHost(target.hostname))
    return {
      row: {
        url,
        verdict: 'fail',
        sentence: 'Patchbay does not follow plain http to another host.',
        fix: 'Serve it over https.',
      },
    };
  const started = performance.now();
  const ms = () => Math.round(performance.now() - started);
  let response: Response;
  try {
    const headers = { accept: 'application/json', ...(sameOrigin ? how.headers : {}) };
    response = await how.fetch(target, { headers });
  } catch (error) {
    const sentence = how.words(requestFailure(error, url));
    return { row: { url, ms: ms(), verdict: 'fail', sentence } };
  }
  const contentType = response.headers.get('content-type') ?? '';
  const text = await readHead(response, 65_536).catch(() => '');
  const seen = { url, status: response.status, ms: ms(), ...(contentType ? { contentType } : {}) };
  if (!response.ok)
    return { row: { ...seen, verdict: 'skip', sentence: `Not here (HTTP ${response.status}).` } };
  const document = parseObject(text);
  if (document) return { row: { ...seen, verdict: 'ok', sentence: 'Found.' }, document };
  // Patchbay reads past an HTML page there, as past a 404 (src/oauth/discovery-repairs.ts).
  if (contentType.includes('html'))
    return { row: { ...seen, verdict: 'skip', sentence: 'Not here (an HTML page).' } };
  return {
    row: {
      ...seen,
      verdict: 'warn',
      sentence: 'Not here (not JSON); sign-ins stop at it.',
      fix: 'Answer this URL with 404, or with the JSON document.',
    },
  };
}

function parseObject(text: string): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
}
