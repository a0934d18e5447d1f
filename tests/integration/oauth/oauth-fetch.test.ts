import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createOAuthFetch } from '../../../src/oauth/oauth-fetch';

const servers: Server[] = [];
afterEach(async () => {
  for (const server of servers.splice(0)) {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
});

async function serve(handler: Parameters<typeof createServer>[1]): Promise<string> {
  const server = createServer(handler);
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

const plainFetch = (url: string | URL, init?: RequestInit) => fetch(url, init);

describe('requests to authorization servers', () => {
  it('does not follow a redirect of a POST, so secrets never reach where it points', async () => {
    const elsewhere: string[] = [];
    const target = await serve((request, response) => {
      elsewhere.push(request.url ?? '');
      response.end('{}');
    });
    const authorizationServer = await serve((_request, response) => {
      response.writeHead(307, { location: `${target}/register` }).end();
    });
    const oauthFetch = createOAuthFetch(plainFetch);
    await expect(
      oauthFetch(`${authorizationServer}/register`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ client_name: 'Patchbay', client_secret: 'never-forwarded' }),
      }),
    ).rejects.toThrow();
    expect(elsewhere).toEqual([]);
  });

  it('gives up on an authorization server that never answers', async () => {
    const silent = await serve(() => undefined); // accepts, never responds
    const oauthFetch = createOAuthFetch(plainFetch, 200);
    await expect(
      oauthFetch(`${silent}/token`, { method: 'POST', body: 'grant_type=refresh_token' }),
    ).rejects.toMatchObject({ name: 'TimeoutError' });
  });

  it('stops when its caller stops it, before its own deadline', async () => {
    let arrived!: () => void;
    const waiting = new Promise<void>((resolve) => (arrived = resolve));
    const silent = await serve(() => arrived()); // accepts, never responds
    const stop = new AbortController();
    const request = createOAuthFetch(plainFetch)(`${silent}/token`, {
      method: 'POST',
      body: 'grant_type=refresh_token',
      signal: stop.signal,
    });
    await waiting;
    stop.abort();
    await expect(request).rejects.toMatchObject({ name: 'AbortError' });
  });

  it('still lets discovery follow redirects', async () => {
    const target = await serve((_request, response) => {
      response.writeHead(200, { 'content-type': 'application/json' }).end('{"issuer":"x"}');
    });
    const moved = await serve((_request, response) => {
      response.writeHead(301, { location: `${target}/.well-known/oauth-authorization-server` });
      response.end();
    });
    const response = await createOAuthFetch(plainFetch)(
      `${moved}/.well-known/oauth-authorization-server`,
    );
    await expect(response.json()).resolves.toEqual({ issuer: 'x' });
  });
});
