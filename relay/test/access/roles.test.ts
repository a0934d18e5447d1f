/**
 * Who may be the browser: tokens carry a role, `/extension` takes only browser tokens and the
 * client endpoints only client tokens (tokens without a role pass only when the relay is told to
 * accept them, with a warning; never with a JWKS), a browser token needs an id, and a
 * browser's name is one browser's per user, so no other token can stand in for the person's
 * browser by name, not even after the real one reconnects.
 */
import { randomUUID } from 'node:crypto';
import { SignJWT } from 'jose';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { chooseExtension } from '../../src/browsers/choose-extension.js';
import { createVerifier, ISSUER } from '../../src/access/tokens.js';
import { rawClient, SECRET, startTestRelay, type TestRelay } from '../helpers.js';
import { httpClient, initializeBody, rawHttp, rpcErrorOf } from '../http-clients.js';
import { connectStandIn, type StandIn } from '../stand-in-extension.js';

let relay: TestRelay;
const cleanups: (() => Promise<unknown>)[] = [];

beforeEach(async () => {
  relay = await startTestRelay();
  cleanups.push(() => relay.close());
});
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup().catch(() => undefined);
});

async function browser(token: string, name = 'Patchbay'): Promise<StandIn> {
  const standIn = await connectStandIn({ relayUrl: relay.url, token, name });
  cleanups.push(() => standIn.close());
  return standIn;
}

/** The code the socket closed with. */
const closeOf = (standIn: StandIn) =>
  new Promise<number>((resolve) => standIn.socket.once('close', (code) => resolve(code)));

/** A token as the relay issued them before roles (no `role` claim), or one without an id. */
const tokenWith = (user: string, claims: { role?: string; jti?: boolean } = { jti: true }) => {
  const token = new SignJWT(claims.role ? { role: claims.role } : {})
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(user)
    .setIssuer(ISSUER)
    .setIssuedAt()
    .setExpirationTime('1h');
  if (claims.jti) token.setJti(randomUUID());
  return token.sign(new TextEncoder().encode(SECRET));
};
const legacyToken = (user: string) => tokenWith(user);

describe('roles', () => {
  it('a client token cannot be the browser: /extension closes it, and nothing is listed', async () => {
    await expect(
      connectStandIn({ relayUrl: relay.url, token: await relay.token('alice', 'client') }),
    ).rejects.toThrow(/closed 4401 Authentication failed/);
    expect(relay.local.size).toBe(0);
    expect(relay.logs.join('')).toMatch(/the browser extension needs a browser token/);
  });

  it('a browser token cannot be a client over the relay protocol', async () => {
    const client = await rawClient(relay.url);
    const answer = await client.request('mcp_handshake', {
      accessToken: await relay.token('alice', 'browser'),
    });
    expect(answer.error).toMatchObject({
      code: -32000,
      message: expect.stringMatching(/browser token: MCP clients need a client token/),
    });
    await expect(client.closed).resolves.toEqual({ code: 4401, reason: 'Authentication failed' });
  });

  it.each([
    ['POST', '/mcp'],
    ['GET', '/sse'],
    ['GET', '/tools'],
    ['POST', '/message?sessionId=x'],
  ])('a browser token is 401 at %s %s', async (method, path) => {
    await browser(await relay.token('alice', 'browser'));
    const answer = await rawHttp(new URL(path, relay.url).toString(), {
      method,
      body: method === 'POST' ? initializeBody() : undefined,
      headers: {
        Authorization: `Bearer ${await relay.token('alice', 'browser')}`,
        'Content-Type': 'application/json',
        Accept: 'application/json, text/event-stream',
      },
    });
    expect(answer.status).toBe(401);
    expect(rpcErrorOf(answer.body).message).toMatch(/need a client token/);
    expect(answer.headers['www-authenticate']).toContain('invalid_token');
  });

  it('a token without a role opens neither door, and says how to get one', async () => {
    const old = await legacyToken('alice');
    await expect(browser(old)).rejects.toThrow(/closed 4401 Authentication failed/);
    expect(relay.logs.join('')).toMatch(
      /The token has no role: issue a new one with --role browser/,
    );
    const answer = await rawHttp(new URL('/mcp', relay.url).toString(), {
      method: 'POST',
      body: initializeBody(),
      headers: {
        Authorization: `Bearer ${old}`,
        'Content-Type': 'application/json',
        Accept: 'application/json, text/event-stream',
      },
    });
    expect(answer.status).toBe(401);
    expect(rpcErrorOf(answer.body).message).toMatch(/no role: issue a new one with --role client/);
    expect(relay.local.size).toBe(0);
  });

  it('a browser token without an id (jti) is refused; the browser is known by it', async () => {
    await expect(browser(await tokenWith('alice', { role: 'browser' }))).rejects.toThrow(/4401/);
    expect(relay.logs.join('')).toMatch(/A browser token needs an id/);
    expect(relay.local.size).toBe(0);
  });

  it('with --jwks-url, tokens without a role cannot be let in', () => {
    expect(() =>
      createVerifier({
        jwksUrl: 'https://idp.example/jwks',
        issuer: 'https://idp.example',
        audience: 'relay',
        acceptLegacyTokens: true,
      }),
    ).toThrow(/--accept-legacy-tokens cannot be used with --jwks-url/);
  });

  it('with --accept-legacy-tokens, a token from before roles opens either door, once warned about in the log', async () => {
    relay = await startTestRelay({ acceptLegacyTokens: true });
    cleanups.push(() => relay.close());
    const old = await legacyToken('alice');
    const standIn = await browser(old);
    const { client } = await httpClient({ relayUrl: relay.url, token: old });
    cleanups.push(() => client.close());
    await client.listTools();
    await client.listTools();
    const warnings = relay.logs.filter((line) => line.includes('"token.without_role"'));
    // Once for the token, not at each use (both doors, three requests).
    expect(warnings).toHaveLength(1);
    expect(JSON.parse(warnings[0]!)).toMatchObject({ level: 'warn', user: 'alice' });
    expect(relay.logs.join('')).not.toContain(old);
    expect(standIn.id).toMatch(/^ext-/);
  });

  it('a token with a role the relay does not know opens nothing', async () => {
    const odd = await new SignJWT({ role: 'admin' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('alice')
      .setIssuer(ISSUER)
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode(SECRET));
    await expect(connectStandIn({ relayUrl: relay.url, token: odd })).rejects.toThrow(/4401/);
    const client = await rawClient(relay.url);
    const answer = await client.request('mcp_handshake', { accessToken: odd });
    expect(answer.error).toMatchObject({ message: expect.stringMatching(/neither browser nor/) });
  });
});

describe('one name per browser', () => {
  it('refuses another token’s browser with a taken name (however spelled), and lets the same browser take over', async () => {
    const token = await relay.token('alice', 'browser');
    const real = await browser(token);
    const other = await relay.token('alice', 'browser');
    await expect(
      connectStandIn({ relayUrl: relay.url, token: other, name: 'Patchbay' }),
    ).rejects.toThrow(/closed 4403/);
    await expect(
      connectStandIn({ relayUrl: relay.url, token: other, name: ' patchbay ' }),
    ).rejects.toThrow(/closed 4403/);
    // Another name is another browser; another user may have the same name.
    const second = await browser(other, 'Work laptop');
    const bobs = await browser(await relay.token('bob', 'browser'));
    expect(relay.local.size).toBe(3);
    // The same token and name: the same browser, taking over its old socket.
    const replaced = closeOf(real);
    const again = await browser(token);
    expect(await replaced).toBe(4409);
    expect(again.id).toBe(real.id);
    expect([second.id, bobs.id]).not.toContain(real.id);
  });

  it('frees the name when its browser leaves', async () => {
    const first = await browser(await relay.token('alice', 'browser'));
    await first.close();
    await expect.poll(() => relay.local.size).toBe(0);
    const next = await browser(await relay.token('alice', 'browser'));
    expect(next.id).not.toBe(first.id);
  });

  it('after the real browser reconnects, a client naming it reaches it, and no stand-in got in', async () => {
    const token = await relay.token('alice', 'browser');
    const real = await browser(token);
    // A blocked client's token, and another browser token of the same user, both try the name.
    for (const [role, code] of [
      ['client', /4401/],
      ['browser', /4403/],
    ] as const) {
      const intruder = await relay.token('alice', role);
      await expect(
        connectStandIn({ relayUrl: relay.url, token: intruder, name: 'Patchbay' }),
      ).rejects.toThrow(code);
    }
    // A worker restart: the real browser connects again.
    const replaced = closeOf(real);
    const again = await browser(token);
    await replaced;
    const client = await rawClient(relay.url);
    cleanups.push(async () => client.socket.close());
    await client.request('mcp_handshake', { accessToken: await relay.token('alice', 'client') });
    expect((await client.request('list_extensions')).result).toEqual({
      extensions: [{ id: again.id, name: 'Patchbay', connected: true }],
    });
    const answer = await rawHttp(new URL('/mcp', relay.url).toString(), {
      method: 'POST',
      body: initializeBody(),
      headers: {
        Authorization: `Bearer ${await relay.token('alice', 'client')}`,
        'Content-Type': 'application/json',
        Accept: 'application/json, text/event-stream',
        'X-Patchbay-Extension': 'Patchbay',
      },
    });
    expect(answer.status).toBe(200);
    expect(again.received.some((message) => message.method === 'initialize')).toBe(true);
  });
});

describe('choosing a browser by name', () => {
  it('takes an id for an id before a name: a browser named like another’s id is not taken for it', () => {
    const browsers = [
      { id: 'ext-b', name: 'ext-a' },
      { id: 'ext-a', name: 'Patchbay' },
    ];
    expect(chooseExtension(browsers, 'ext-a')).toBe(browsers[1]);
    expect(chooseExtension(browsers, 'Patchbay')).toBe(browsers[1]);
  });
});
