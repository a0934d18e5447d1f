import { describe, expect, it } from 'vitest';
import { ConnectionError } from '../../src/errors/connection-error';
import { createServerFetch, isCloudflareWorkerError } from '../../src/mcp/server-fetch';

function recordingFetch(response: () => Response) {
  const seen: { url: string; headers: Headers }[] = [];
  const fetch = async (url: string | URL, init?: RequestInit) => {
    seen.push({ url: String(url), headers: new Headers(init?.headers) });
    return response();
  };
  return { seen, fetch };
}

describe('createServerFetch', () => {
  it('adds custom headers only to requests for the server’s own origin', async () => {
    const { seen, fetch } = recordingFetch(
      () => new Response('{}', { headers: { 'content-type': 'application/json' } }),
    );
    const serverFetch = createServerFetch({
      serverUrl: new URL('https://mcp.example.com/mcp'),
      headers: { 'X-Api-Key': 'secret' },
      baseFetch: fetch,
    });
    await serverFetch('https://mcp.example.com/mcp', {
      method: 'POST',
      headers: { accept: 'application/json' },
    });
    await serverFetch('https://auth.example.com/.well-known/oauth-authorization-server');
    await serverFetch('http://mcp.example.com/mcp');
    expect(seen.map((request) => [request.url, request.headers.get('x-api-key')])).toEqual([
      ['https://mcp.example.com/mcp', 'secret'],
      ['https://auth.example.com/.well-known/oauth-authorization-server', null],
      ['http://mcp.example.com/mcp', null],
    ]);
    expect(seen[0]?.headers.get('accept')).toBe('application/json');
  });

  it('classifies refused connections as network errors and remembers them', async () => {
    const serverFetch = createServerFetch({
      serverUrl: new URL('http://127.0.0.1:9/mcp'),
      headers: {},
      baseFetch: async () => {
        throw new TypeError('fetch failed', { cause: { code: 'ECONNREFUSED' } });
      },
    });
    const error = await serverFetch('http://127.0.0.1:9/mcp').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ConnectionError);
    expect(error).toMatchObject({ kind: 'network', details: { networkCode: 'ECONNREFUSED' } });
    expect(serverFetch.lastError).toBe(error);
  });

  it('turns a Cloudflare 1101 page into a cloudflare error and passes other 5xx through', async () => {
    const page =
      '<html><title>Worker threw exception | Cloudflare</title><h1>Error 1101</h1></html>';
    const cloudflare = createServerFetch({
      serverUrl: new URL('https://w.example.com/mcp'),
      headers: {},
      baseFetch: async () =>
        new Response(page, { status: 500, headers: { 'content-type': 'text/html' } }),
    });
    await expect(cloudflare('https://w.example.com/mcp', { method: 'POST' })).rejects.toMatchObject(
      { kind: 'cloudflare' },
    );
    const plain = createServerFetch({
      serverUrl: new URL('https://w.example.com/mcp'),
      headers: {},
      baseFetch: async () =>
        new Response('oops', { status: 502, headers: { 'content-type': 'text/plain' } }),
    });
    await expect(plain('https://w.example.com/mcp')).resolves.toMatchObject({ status: 502 });
  });

  it.each([
    ['Cloudflare Ray ID: 1 · Error 1101 · Worker threw exception', true],
    ['Error 1101 from some other proxy', false],
    ['Cloudflare error 1020: access denied', false],
  ])(
    'recognises Cloudflare error pages by their code, not by any 1101 in a page: %s',
    (page, expected) => {
      expect(isCloudflareWorkerError(page)).toBe(expected);
    },
  );
});
