/**
 * What the server's fetch reads past (docs/connections.md): a relative `resource_metadata`, a
 * same-origin redirect a browser hides, and refusals the authorization fetch hands back as they
 * came. The e2e suite runs the redirect in Chromium (connection-workarounds.test.ts).
 */
import { describe, expect, it } from 'vitest';
import { ConnectionError } from '../../../src/errors/connection-error';
import { createServerFetch } from '../../../src/mcp/server-fetch';
import type { FetchLike } from '../../../src/net/fetch-like';

/** What a browser gives a `redirect: 'manual'` fetch that was redirected: no status, no Location. */
function opaqueRedirect(): Response {
  const response = new Response(null, { status: 200 });
  Object.defineProperty(response, 'type', { value: 'opaqueredirect' });
  Object.defineProperty(response, 'status', { value: 0 });
  return response;
}

/** What a followed fetch gives: the final address and `redirected`. */
function followedTo(url: string): Response {
  const response = new Response('{}', { status: 405 });
  Object.defineProperty(response, 'url', { value: url });
  Object.defineProperty(response, 'redirected', { value: true });
  return response;
}

describe('the server fetch reads past', () => {
  it('a relative resource_metadata, resolved against the request', async () => {
    const serverFetch = createServerFetch({
      serverUrl: new URL('https://mcp.example.com/v1/mcp'),
      headers: {},
      baseFetch: async () =>
        new Response(null, {
          status: 401,
          headers: { 'www-authenticate': 'Bearer resource_metadata="/meta/prm", scope="read"' },
        }),
    });
    const failure = await serverFetch('https://mcp.example.com/v1/mcp', { method: 'POST' }).catch(
      (error: unknown) => error,
    );
    expect(ConnectionError.isInstance(failure)).toBe(true);
    expect((failure as ConnectionError).details.challenge).toEqual({
      scope: 'read',
      resourceMetadataUrl: 'https://mcp.example.com/meta/prm',
    });
  });

  it('a same-origin redirect the browser hides: found with a bare GET, sent again there with the headers, and remembered', async () => {
    const seen: { url: string; method: string; key: string | null; redirect?: string }[] = [];
    const baseFetch: FetchLike = async (url, init) => {
      const href = String(url);
      const headers = new Headers(init?.headers);
      seen.push({
        url: href,
        method: init?.method ?? 'GET',
        key: headers.get('x-api-key'),
        ...(init?.redirect ? { redirect: init.redirect } : {}),
      });
      if (href.endsWith('/mcp') && init?.redirect === 'manual') return opaqueRedirect();
      if (href.endsWith('/mcp')) return followedTo('https://mcp.example.com/mcp/');
      return new Response('{"jsonrpc":"2.0","id":1,"result":{}}', {
        headers: { 'content-type': 'application/json' },
      });
    };
    const serverFetch = createServerFetch({
      serverUrl: new URL('https://mcp.example.com/mcp'),
      headers: { 'X-Api-Key': 'secret' },
      baseFetch,
    });
    const post = { method: 'POST', body: '{}', redirect: 'manual' as const };
    expect((await serverFetch('https://mcp.example.com/mcp', post)).status).toBe(200);
    expect((await serverFetch('https://mcp.example.com/mcp', post)).status).toBe(200);
    expect(seen.map(({ url, method, key }) => `${method} ${url} ${key}`)).toEqual([
      'POST https://mcp.example.com/mcp secret',
      // The GET that finds where it leads carries nothing of the server's.
      'GET https://mcp.example.com/mcp null',
      'POST https://mcp.example.com/mcp/ secret',
      'POST https://mcp.example.com/mcp/ secret',
    ]);
  });

  it('never a redirect to another origin', async () => {
    const baseFetch: FetchLike = async (url, init) =>
      init?.redirect === 'manual' ? opaqueRedirect() : followedTo('https://elsewhere.example/mcp');
    const serverFetch = createServerFetch({
      serverUrl: new URL('https://mcp.example.com/mcp'),
      headers: {},
      baseFetch,
    });
    const answer = await serverFetch('https://mcp.example.com/mcp', {
      method: 'POST',
      redirect: 'manual',
    });
    expect(answer.type).toBe('opaqueredirect');
  });

  it('hands 401s back as they came to the authorization fetch, for the SDK to read invalid_client', async () => {
    const body = '{"error":"invalid_client"}';
    const answer = () =>
      new Response(body, { status: 401, headers: { 'content-type': 'application/json' } });
    const oauthFetch = createServerFetch({
      serverUrl: new URL('https://mcp.example.com/mcp'),
      headers: {},
      baseFetch: async () => answer(),
      passesRefusals: true,
    });
    const response = await oauthFetch('https://mcp.example.com/token', { method: 'POST' });
    expect(response.status).toBe(401);
    expect(await response.text()).toBe(body);
    const serverFetch = createServerFetch({
      serverUrl: new URL('https://mcp.example.com/mcp'),
      headers: {},
      baseFetch: async () => answer(),
    });
    await expect(serverFetch('https://mcp.example.com/mcp', { method: 'POST' })).rejects.toSatisfy(
      (error: unknown) => ConnectionError.isInstance(error) && error.kind === 'auth',
    );
  });
});
