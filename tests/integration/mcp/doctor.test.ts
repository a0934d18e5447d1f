/**
 * The connection doctor (Check on a server's card) against real servers, each reproducing one
 * cause: a healthy MCP server, a refused connection, a website, a Cloudflare challenge, a bare
 * 403, a wrong path, the real authorization server in its discovery layouts, small hand-written
 * servers for metadata that is wrong in one way, and a port Chrome refuses. Each checks the
 * verdict, the words and the fix the doctor gives, and what it sent (nothing registered,
 * nothing signed in, no secret in the report).
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import type { DoctorStep, ServerResults } from '../../../src/messaging/contract';
import { storageKeys } from '../../../src/mcp/storage-keys';
import type { StoredTokens } from '../../../src/oauth/provider';
import { startFixtureServer } from '../../fixtures/mcp-fixture-server';
import { startModernServer } from '../../fixtures/modern-server';
import { startOAuthFixture, type OAuthFixtureOptions } from '../../fixtures/oauth-server';
import { cleanupsAfterEach } from '../../helpers/cleanups';
import { createHarness } from '../../helpers/manager-harness';
import { createNodeIdentity, REDIRECT_URL } from '../../helpers/node-identity';

const cleanups = cleanupsAfterEach();
const EXTENSION_ORIGIN = `chrome-extension://${new URL(REDIRECT_URL).hostname.split('.')[0]}`;

type Health = ServerResults['health/check'];

function harness(options: Parameters<typeof createHarness>[0] = {}) {
  const created = createHarness(options);
  cleanups.push(() => created.dispose());
  return created;
}

async function fixture(options: Parameters<typeof startFixtureServer>[0] = {}) {
  const server = await startFixtureServer(options);
  cleanups.push(() => server.close());
  return server;
}

async function oauthFixture(options: OAuthFixtureOptions = {}) {
  const server = await startOAuthFixture(options);
  cleanups.push(() => server.close());
  return server;
}

/** Adds the server (switched off) and runs the doctor on it. */
async function check(url: string, options: Parameters<typeof createHarness>[0] = {}) {
  const { manager } = harness(options);
  const { id } = await manager.addServer({ name: 'Probe', url });
  return manager.healthCheck(id);
}

/** The only row named `name`; fails the test when there is none or more than one. */
function row(health: Health, name: string): DoctorStep {
  const rows = health.steps.filter((each) => each.name === name);
  expect(
    rows.map((each) => each.name),
    `one ${name} row`,
  ).toEqual([name]);
  return rows[0]!;
}

const verdicts = (health: Health) => health.steps.map((each) => `${each.name}: ${each.verdict}`);

/** A small HTTP server answering each `METHOD /path` with its handler (404 otherwise). */
async function oddServer(
  routes: Record<string, (response: ServerResponse, origin: string) => void>,
): Promise<{ origin: string; seen: string[] }> {
  const seen: string[] = [];
  let origin = '';
  const server = createServer((request: IncomingMessage, response: ServerResponse) => {
    const key = `${request.method} ${request.url}`;
    seen.push(key);
    request.resume();
    const handler = routes[key];
    if (handler) handler(response, origin);
    else response.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  cleanups.push(
    () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(resolve);
      }),
  );
  return { origin, seen };
}

const json = (body: unknown) => (response: ServerResponse) =>
  response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));

/** An MCP endpoint that only asks for a sign-in, with a challenge naming no metadata. */
const asksForSignIn = (response: ServerResponse) =>
  response.writeHead(401, { 'www-authenticate': 'Bearer' }).end();

/** Authorization-server metadata that passes every check, but for what `changes` changes. */
function asMetadata(issuer: string, changes: Record<string, unknown> = {}) {
  return {
    issuer,
    authorization_endpoint: `${issuer}/authorize`,
    token_endpoint: `${issuer}/token`,
    registration_endpoint: `${issuer}/register`,
    response_types_supported: ['code'],
    code_challenge_methods_supported: ['S256'],
    token_endpoint_auth_methods_supported: ['none'],
    authorization_response_iss_parameter_supported: true,
    ...changes,
  };
}

describe('the connection doctor on servers that work', () => {
  it('passes every step of a healthy server and leaves no session of its own behind', async () => {
    const server = await fixture();
    const { manager, addAndEnable, keepAlive } = harness();
    const id = await addAndEnable(server.mcpUrl);

    const health = await manager.healthCheck(id);

    expect(health).toMatchObject({ ok: true });
    expect(health.error).toBeUndefined();
    expect(
      health.steps.filter((each) => each.verdict === 'fail' || each.verdict === 'warn'),
    ).toEqual([]);
    for (const name of ['Address', 'Site access', 'Reach', 'Connection', 'Transport'])
      expect(row(health, name).verdict, name).toBe('ok');
    expect(row(health, 'Reach')).toMatchObject({
      url: server.mcpUrl,
      status: 200,
      contentType: expect.stringMatching(/^(text\/event-stream|application\/json)/),
      sentence: 'It answered the MCP handshake.',
    });
    expect(row(health, 'Transport').sentence).toBe('Streamable HTTP, MCP 2025-11-25.');
    expect(['ok', 'skip']).toContain(row(health, 'Stream').verdict);
    // No sign-in rows for a server that asks for none.
    expect(health.steps.some((each) => each.name.startsWith('Resource'))).toBe(false);
    // The doctor's initialize opened a session, which it ended: only the live one is left.
    expect(server.sessionCount().streamable).toBe(1);
    expect(server.requests.some((request) => request.method === 'DELETE')).toBe(true);
    expect(health.report).toContain('[ok] Reach: It answered the MCP handshake.');
    expect(keepAlive.active).toBe(0);
  });

  it('reads a strict 2026 server’s refusal of the 2025 handshake as the newer protocol', async () => {
    const server = await startModernServer({ legacy: 'reject' });
    cleanups.push(() => server.close());

    const health = await check(server.mcpUrl);

    expect(health.ok).toBe(true);
    expect(row(health, 'Reach')).toMatchObject({
      verdict: 'ok',
      status: 400,
      sentence: 'It refused the 2025 handshake: it speaks MCP 2026-07-28 only, as Patchbay does.',
    });
    expect(row(health, 'Transport').sentence).toBe('Streamable HTTP, MCP 2026-07-28.');
  });

  it('finds the older HTTP+SSE transport where the POST is refused', async () => {
    const server = await fixture();

    const health = await check(server.sseUrl);

    expect(health.ok).toBe(true);
    expect(row(health, 'Reach')).toMatchObject({ verdict: 'ok' });
    expect(row(health, 'Reach').sentence).toMatch(
      /^It speaks the older HTTP\+SSE \(the POST got HTTP 4\d\d\)\.$/,
    );
    expect(row(health, 'Transport').sentence).toBe('HTTP+SSE, MCP 2025-11-25.');
    expect(row(health, 'Stream')).toMatchObject({
      verdict: 'skip',
      sentence: 'HTTP+SSE: its long stream is not timed.',
    });
  });

  it('follows a redirect on the same origin with the server’s headers, and says so', async () => {
    const { origin, seen } = await oddServer({
      'POST /mcp': (response) => void response.writeHead(307, { location: '/mcp/' }).end(),
      // Answers the doctor's handshake only: the connection after it finds nothing.
      'POST /mcp/': (response) =>
        seen.length > 2
          ? void response.writeHead(404).end()
          : json({ jsonrpc: '2.0', id: 0, result: { protocolVersion: '2025-11-25' } })(response),
    });
    const { manager } = harness();
    const { id } = await manager.addServer({
      name: 'Moved',
      url: `${origin}/mcp`,
      headers: [{ key: 'X-Team', value: 'blue-team' }],
    });

    const health = await manager.healthCheck(id);

    expect(row(health, 'Reach')).toMatchObject({
      verdict: 'warn',
      url: `${origin}/mcp/`,
      status: 200,
      sentence: 'It answered the MCP handshake. It redirects here.',
      fix: 'Give people the address it redirects to.',
    });
    expect(seen.slice(0, 2)).toEqual(['POST /mcp', 'POST /mcp/']);
  });

  it('warns of a proxy that holds the stream back until its end', async () => {
    let posts = 0;
    const { origin } = await oddServer({
      'POST /mcp': (response) => {
        posts += 1;
        if (posts > 1) return void response.writeHead(404).end();
        response.writeHead(200, { 'content-type': 'text/event-stream' });
        response.flushHeaders();
        const answer = { jsonrpc: '2.0', id: 0, result: { protocolVersion: '2025-11-25' } };
        // 1.6 s, well over the doctor's 1 s: a starved test process may read the headers late.
        setTimeout(() => response.end(`event: message\ndata: ${JSON.stringify(answer)}\n\n`), 1600);
      },
    });

    const health = await check(`${origin}/mcp`);

    const stream = row(health, 'Stream');
    expect(stream.verdict).toBe('warn');
    expect(stream.sentence).toMatch(
      /^A proxy seems to buffer the stream: its first byte came \d+ ms after the headers, with the last\.$/,
    );
    expect(stream.fix).toContain('proxy_buffering off');
    expect(stream.ms).toBeGreaterThanOrEqual(1000);
  });
});

describe('the connection doctor names why a server cannot be reached', () => {
  it('says a refused connection in the card’s words, and stops there', async () => {
    const gone = await fixture();
    const url = gone.mcpUrl;
    await gone.close();

    const health = await check(url);

    expect(health.ok).toBe(false);
    const reach = row(health, 'Reach');
    expect(reach).toMatchObject({ verdict: 'fail', url });
    expect(reach.sentence).toMatch(/^Couldn't reach 127\.0\.0\.1:\d+ \(ECONNREFUSED\)\./);
    expect(reach.fix).toContain('its name resolves and its TLS certificate is valid');
    expect(reach.status).toBeUndefined();
    expect(health.error).toBe(reach.sentence);
    expect(health.steps.map((each) => each.name)).toEqual(['Address', 'Site access', 'Reach']);
  });

  it('says a website answers where MCP was expected', async () => {
    const server = await fixture();
    server.inject({
      path: '/mcp',
      status: 200,
      contentType: 'text/html; charset=utf-8',
      body: '<!doctype html><title>Acme: home</title><h1>Welcome</h1>',
      times: 20,
    });

    const health = await check(server.mcpUrl);

    const reach = row(health, 'Reach');
    expect(reach).toMatchObject({ verdict: 'fail', status: 200 });
    expect(reach.contentType).toContain('text/html');
    expect(reach.sentence).toBe(
      "Probe answered with something that isn't MCP: it returned an HTML page. Check that the URL points at an MCP endpoint.",
    );
    expect(reach.fix).toBe('A website answers here: give the MCP endpoint.');
    expect(health.error).toBe(reach.sentence);
  });

  it('says Cloudflare’s bot check stopped the request', async () => {
    const { origin } = await oddServer({
      'POST /mcp': (response) =>
        response
          .writeHead(403, {
            'content-type': 'text/html; charset=UTF-8',
            'cf-mitigated': 'challenge',
          })
          .end('<!DOCTYPE html><html><head><title>Just a moment...</title></head></html>'),
    });

    const health = await check(`${origin}/mcp`);

    const reach = row(health, 'Reach');
    expect(reach).toMatchObject({ verdict: 'fail', status: 403 });
    expect(reach.sentence).toContain('a bot check (a WAF challenge page) stopped it');
    expect(reach.fix).toContain('WAF skip rule');
    // Not taken for an Origin refusal.
    expect(reach.sentence).not.toContain('Origin');
  });

  it('says a bare 403 may be about Patchbay’s Origin, and what the admin can allow', async () => {
    const server = await fixture();
    server.inject({
      path: '/mcp',
      status: 403,
      contentType: 'text/plain',
      body: 'Forbidden',
      times: 20,
    });

    const health = await check(server.mcpUrl);

    const reach = row(health, 'Reach');
    expect(reach).toMatchObject({ verdict: 'fail', status: 403, contentType: 'text/plain' });
    expect(reach.sentence).toMatch(/^Probe refused access \(HTTP 403\)\./);
    expect(reach.sentence).toContain(
      `Servers that check Origin, as the MCP spec says, refuse ${EXTENSION_ORIGIN}`,
    );
    expect(reach.fix).toBe(
      `Allow ${EXTENSION_ORIGIN} or requests without Origin, or check its allowlists.`,
    );
    // A 403 is not a sign-in: no sign-in rows.
    expect(health.steps.some((each) => each.name === 'Sign-in challenge')).toBe(false);
  });

  it('says a wrong path, after trying the older transport as Patchbay would', async () => {
    const server = await fixture();
    const url = `${server.url}/nowhere`;

    const health = await check(url);

    const reach = row(health, 'Reach');
    expect(reach).toMatchObject({ verdict: 'fail', status: 404 });
    expect(reach.sentence).toBe(
      `No MCP endpoint at ${url} (HTTP 404). Check the path: MCP servers usually end in /mcp or /sse.`,
    );
    expect(reach.fix).toBe('Give people the endpoint’s URL.');
    expect(server.requests.map((request) => `${request.method} ${request.path}`)).toEqual([
      'POST /nowhere',
      'GET /nowhere',
    ]);
  });

  it('says a 401 to a server given headers is about the headers, and keeps their values out', async () => {
    const server = await fixture({ requiredHeaders: { 'X-Team': 'blue' } });
    const { manager } = harness();
    const { id } = await manager.addServer({
      name: 'Keyed',
      url: server.mcpUrl,
      headers: [{ key: 'X-Team', value: 'red-team-key' }],
    });

    const health = await manager.healthCheck(id);

    const reach = row(health, 'Reach');
    expect(reach).toMatchObject({
      verdict: 'fail',
      status: 401,
      fix: 'Check the headers it expects.',
    });
    expect(reach.sentence).toBe(
      'Keyed needs you to sign in or to send valid credentials (HTTP 401). Sign in, or check the headers you added.',
    );
    expect(health.steps.some((each) => each.name === 'Sign-in challenge')).toBe(false);
    expect(server.requests[0]?.headers['x-team']).toBe('red-team-key');
    expect(JSON.stringify(health)).not.toContain('red-team-key');
  });

  it('refuses a port Chrome never connects to, without sending anything', async () => {
    const sent: string[] = [];
    const health = await check('http://127.0.0.1:6666/mcp', {
      fetch: (input, init) => {
        sent.push(String(input));
        return fetch(input, init);
      },
    });

    expect(health.steps).toEqual([
      {
        name: 'Address',
        url: 'http://127.0.0.1:6666/mcp',
        verdict: 'fail',
        sentence: 'Chrome refuses port 6666 (ERR_UNSAFE_PORT): nothing was sent.',
        fix: 'Serve it on another port, such as 443.',
      },
    ]);
    expect(health.ok).toBe(false);
    expect(health.error).toBe(health.steps[0]?.sentence);
    expect(sent).toEqual([]);
  });
});

describe('the connection doctor’s sign-in rows', () => {
  it('follows a real authorization server’s discovery, row by row, without signing in', async () => {
    const oauth = await oauthFixture();
    const sent: string[] = [];
    const health = await check(oauth.mcpUrl, {
      fetch: (input, init) => {
        sent.push(`${init?.method ?? 'GET'} ${String(input)}`);
        return fetch(input, init);
      },
    });

    const origin = new URL(oauth.mcpUrl).origin;
    const as = new URL(oauth.issuer).origin;
    expect(row(health, 'Reach')).toMatchObject({ verdict: 'ok', status: 401 });
    expect(row(health, 'Sign-in challenge')).toMatchObject({
      verdict: 'ok',
      url: `${origin}/custom/prm`,
      sentence: 'It names its resource metadata and the scope "read".',
    });
    expect(row(health, 'Resource metadata')).toMatchObject({
      verdict: 'ok',
      url: `${origin}/custom/prm`,
      status: 200,
      contentType: expect.stringContaining('application/json'),
    });
    expect(row(health, 'Resource')).toMatchObject({ verdict: 'ok' });
    const documents = health.steps.filter((each) => each.name === 'Authorization server metadata');
    expect(documents.map((each) => [each.url, each.verdict])).toEqual([
      [`${as}/.well-known/oauth-authorization-server/oidc`, 'ok'],
      [`${as}/.well-known/openid-configuration/oidc`, 'skip'],
      [`${as}/oidc/.well-known/openid-configuration`, 'ok'],
    ]);
    expect(documents[1]?.sentence).toBe('Not here (HTTP 404).');
    for (const name of ['Issuer', 'PKCE', 'Client registration', 'Client secret'])
      expect(row(health, name).verdict, name).toBe('ok');
    expect(row(health, 'Client registration').sentence).toContain('dynamic client registration');
    // Not signed in: no connection is tried, and the card says to sign in.
    expect(row(health, 'Connection')).toMatchObject({ verdict: 'skip' });
    // Never connected: no transport found yet, and no connection to find one on.
    expect(row(health, 'Transport')).toMatchObject({ verdict: 'skip', sentence: 'Not known yet.' });
    // A 401 is no answer to time.
    expect(health.steps.some((each) => each.name === 'Stream')).toBe(false);
    expect(health).toMatchObject({ ok: false, error: 'Sign in to Probe to use its tools.' });
    // Plain GETs: nothing registered, no token asked for.
    expect(sent.filter((request) => !request.startsWith('GET '))).toEqual([`POST ${oauth.mcpUrl}`]);
    expect(await oauth.registeredClients()).toEqual([]);
    expect(oauth.tokenRequests).toEqual([]);
  });

  it('reads an HTML page where the metadata belongs as "not here", and finds it at the root', async () => {
    const { origin } = await oddServer({
      'POST /mcp': asksForSignIn,
      'GET /.well-known/oauth-protected-resource/mcp': (response) =>
        response.writeHead(200, { 'content-type': 'text/html' }).end('<!doctype html><p>Docs'),
      'GET /.well-known/oauth-protected-resource': (response, at) =>
        json({ resource: `${at}/mcp`, authorization_servers: [`${at}/`] })(response),
      'GET /.well-known/oauth-authorization-server': (response, at) =>
        json(asMetadata(at))(response),
    });

    const health = await check(`${origin}/mcp`);

    const documents = health.steps.filter((each) => each.name === 'Resource metadata');
    expect(documents.map((each) => [each.url, each.verdict, each.status])).toEqual([
      [`${origin}/.well-known/oauth-protected-resource/mcp`, 'skip', 200],
      [`${origin}/.well-known/oauth-protected-resource`, 'ok', 200],
    ]);
    expect(documents[0]?.sentence).toBe('Not here (an HTML page).');
    expect(documents[0]?.contentType).toBe('text/html');
    expect(row(health, 'Sign-in challenge').verdict).toBe('warn');
    // The metadata names the issuer with a trailing slash; the document without: the same one.
    expect(row(health, 'Issuer')).toMatchObject({ verdict: 'ok' });
    expect(row(health, 'Issuer').sentence).toContain('but for a trailing slash');
  });

  it('fails issuers that differ by more than a slash', async () => {
    const { origin } = await oddServer({
      'POST /mcp': asksForSignIn,
      'GET /.well-known/oauth-protected-resource/mcp': (response, at) =>
        json({ resource: `${at}/mcp`, authorization_servers: [at] })(response),
      'GET /.well-known/oauth-authorization-server': (response) =>
        json(asMetadata('https://login.example.com/tenant'))(response),
    });
    const health = await check(`${origin}/mcp`);
    const issuer = row(health, 'Issuer');
    expect(issuer.verdict).toBe('fail');
    expect(issuer.sentence).toBe(
      `The issuers differ: the metadata says https://login.example.com/tenant, not ${origin}.`,
    );
    expect(issuer.fix).toBe(`Set its issuer to exactly ${origin} (RFC 8414).`);
    expect(health.error).toBe(issuer.sentence);
  });

  it('says a client id must be entered when the server offers no way to register', async () => {
    const oauth = await oauthFixture({ registration: false });

    const health = await check(oauth.mcpUrl);

    const registration = row(health, 'Client registration');
    expect(registration.verdict).toBe('fail');
    // The card's words when the sign-in itself stops there.
    expect(registration.sentence).toBe(
      `Probe's sign-in server lets no app register itself. Register Patchbay there as an app with the redirect URL ${REDIRECT_URL}, then click Enter client ID and paste the client ID it gives you.`,
    );
    expect(registration.fix).toBe('Allow dynamic client registration.');
    expect(health.error).toBe(registration.sentence);
  });

  it('fails metadata that names another resource', async () => {
    const oauth = await oauthFixture({ resourceOverride: 'https://elsewhere.example/mcp' });

    const health = await check(oauth.mcpUrl);

    const resource = row(health, 'Resource');
    expect(resource.verdict).toBe('fail');
    expect(resource.sentence).toBe(
      'Its metadata names another resource (https://elsewhere.example/mcp).',
    );
    expect(resource.fix).toBe(`Set its resource to ${oauth.mcpUrl}.`);
  });
});

describe('the connection doctor on a signed-in server', () => {
  it('calls and refreshes with the sign-in, and keeps every secret out of its report', async () => {
    const oauth = await oauthFixture();
    const { manager, store, waitForState } = harness({ identity: createNodeIdentity() });
    const headerSecret = 'header-secret-4f1c9';
    const { id } = await manager.addServer({
      name: 'Notes',
      url: oauth.mcpUrl,
      headers: [{ key: 'X-Api-Key', value: headerSecret }],
    });
    await manager.enable(id);
    await waitForState(id, 'connected');
    const before = await store.get<StoredTokens>(storageKeys.tokens(id));
    const client = await store.get<{ client_secret?: string }>(storageKeys.client(id));

    const health = await manager.healthCheck(id);

    const after = await store.get<StoredTokens>(storageKeys.tokens(id));
    expect(health.ok).toBe(true);
    expect(row(health, 'Reach')).toMatchObject({ verdict: 'ok', status: 200 });
    expect(row(health, 'Signed-in call')).toMatchObject({ verdict: 'ok' });
    expect(row(health, 'Signed-in call').sentence).toMatch(
      /^tools\/list with your sign-in: \d+ tools\.$/,
    );
    expect(row(health, 'Refresh').verdict).toBe('ok');
    expect(after?.access_token).not.toBe(before?.access_token);
    expect(oauth.tokenRequests.map((request) => request.grantType)).toContain('refresh_token');
    expect(verdicts(health)).not.toContain('Connection: fail');
    const secrets = [
      headerSecret,
      before?.access_token,
      before?.refresh_token,
      after?.access_token,
      after?.refresh_token,
      client?.client_secret,
    ].filter((secret): secret is string => typeof secret === 'string' && secret.length > 0);
    expect(secrets.length).toBeGreaterThanOrEqual(5);
    const everything = JSON.stringify(health);
    for (const secret of secrets) expect(everything).not.toContain(secret);
    expect(health.report).toContain('[ok] Refresh');
  });
});
