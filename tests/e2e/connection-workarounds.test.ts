/**
 * Servers other clients cannot connect to from a browser, connected by the real extension in
 * real Chromium: one that refuses Patchbay's `Origin` (as the MCP specification's DNS-rebinding
 * check and Ollama's default do), and one whose endpoint moved by a same-origin 307 (`/mcp` →
 * `/mcp/`), which a browser hides from the transports' manual redirects. A gatekeeper in front of
 * the fixture server reproduces each, and counts what reaches it.
 */
import { createServer, request as forward, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { startFixtureServer, type FixtureServer } from '../fixtures/mcp-fixture-server';
import { startOAuthFixture } from '../fixtures/oauth-server';
import { closeAfterTest, freshExtensionPerTest, requestFrom } from './harness';
import { addAndSwitchOn, serverCard } from './server-setup';
import { LOOPBACK_REDIRECT_URL } from '../../src/oauth/loopback-redirect';

const session = freshExtensionPerTest();
let fixture: FixtureServer;
let page: Page;

interface Seen {
  method: string;
  path: string;
  origin: string | undefined;
}

/**
 * In front of the fixture: `/strict/mcp` refuses any request with an `Origin` (403), as a
 * server allowing no browser origin does; `/moved/mcp` answers 307 to `/moved/mcp/`, which is
 * the fixture's `/mcp`.
 */
async function startGatekeeper(target: FixtureServer) {
  const seen: Seen[] = [];
  const server = createServer((incoming: IncomingMessage, outgoing) => {
    const path = incoming.url ?? '/';
    const origin = incoming.headers.origin;
    seen.push({ method: incoming.method ?? 'GET', path, origin });
    if (path.startsWith('/strict/') && origin) {
      outgoing.writeHead(403, { 'content-type': 'text/plain' });
      outgoing.end('Forbidden: invalid Origin header');
      return;
    }
    if (path.startsWith('/never/')) {
      outgoing.writeHead(403, { 'content-type': 'text/plain' });
      outgoing.end('Forbidden');
      return;
    }
    if (path === '/page') {
      outgoing.writeHead(200, { 'content-type': 'text/html' });
      outgoing.end('<!doctype html><title>A site</title>');
      return;
    }
    if (path === '/moved/mcp') {
      outgoing.writeHead(307, { location: '/moved/mcp/' });
      outgoing.end();
      return;
    }
    const upstreamPath = path.replace(/^\/(strict|moved)\/mcp\/?/, '/mcp');
    const upstream = forward(
      {
        host: '127.0.0.1',
        port: target.port,
        method: incoming.method,
        path: upstreamPath,
        headers: { ...incoming.headers, host: `127.0.0.1:${target.port}` },
      },
      (answer) => {
        outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(outgoing);
      },
    );
    upstream.on('error', () => outgoing.destroy());
    incoming.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: (path: string) => `http://127.0.0.1:${port}${path}`,
    seen,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

beforeEach(async () => {
  fixture = closeAfterTest(await startFixtureServer());
  page = await session.openServers();
});

interface SessionRule {
  action: { type: string };
  condition: { requestDomains?: string[] };
}

/** The extension's declarativeNetRequest session rules, as its worker reads them. */
function sessionRules(): Promise<SessionRule[]> {
  return session.worker.evaluate(() =>
    (
      globalThis as unknown as {
        chrome: { declarativeNetRequest: { getSessionRules(): Promise<SessionRule[]> } };
      }
    ).chrome.declarativeNetRequest.getSessionRules(),
  );
}

/** The hosts of each rule leaving Origin out of Patchbay's requests. */
async function originRules(): Promise<(string[] | undefined)[]> {
  return (await sessionRules())
    .filter((rule) => rule.action.type === 'modifyHeaders')
    .map((rule) => rule.condition.requestDomains);
}

async function echo(serverId: string, text: string): Promise<string> {
  const result = await requestFrom<{ content: { type: string; text?: string }[] }>(
    session,
    page,
    `mcp/${serverId}/tool/call`,
    { name: 'echo', arguments: { text } },
  );
  return result.content.map((part) => part.text ?? '').join('');
}

describe('servers a browser client usually cannot reach', () => {
  it('connects to a server that refuses any Origin: Patchbay’s own requests to it carry none from its first refusal, until it is removed', async () => {
    const gate = closeAfterTest(await startGatekeeper(fixture));
    // No rule before a server needs one: requests to servers that take Origin keep it.
    expect(await originRules()).toEqual([]);
    const { id, status } = await addAndSwitchOn(session, page, {
      name: 'Strict',
      url: gate.url('/strict/mcp'),
    });
    expect(status).toEqual({ state: 'connected' });
    expect(await echo(id, 'through')).toContain('through');
    const reached = gate.seen.filter((request) => request.path.startsWith('/strict/'));
    // The first request carried Patchbay's Origin and was refused; every one after, none.
    expect(reached.map((request) => request.origin !== undefined)).toEqual([
      true,
      ...reached.slice(1).map(() => false),
    ]);
    expect(reached.length).toBeGreaterThan(2);
    expect(await originRules()).toEqual([['127.0.0.1']]);
    await requestFrom(session, page, 'mcp/servers/remove', { id });
    expect(await originRules()).toEqual([]);
  });

  it('keeps the Origin on a page’s own requests: the rule is for Patchbay’s alone', async () => {
    const gate = closeAfterTest(await startGatekeeper(fixture));
    // Patchbay's requests to this host go without Origin from here on.
    await addAndSwitchOn(session, page, { name: 'Strict', url: gate.url('/strict/mcp') });
    expect(await originRules()).toEqual([['127.0.0.1']]);
    const tab = await session.context.newPage();
    await tab.goto(gate.url('/page'));
    const status = await tab.evaluate(
      (url) =>
        fetch(url, { method: 'POST', body: '{}', headers: { 'content-type': 'application/json' } })
          .then((response) => response.status)
          .catch(() => 0),
      gate.url('/strict/mcp'),
    );
    expect(status).toBe(403);
    // The page's POST itself: its favicon's request may arrive after it, without an Origin.
    const posted = gate.seen.filter((request) => request.path.startsWith('/strict/')).at(-1);
    expect(posted?.origin).toBe(new URL(gate.url('/')).origin);
  });

  it('follows a same-origin 307 from /mcp to /mcp/ and keeps using where it leads', async () => {
    const gate = closeAfterTest(await startGatekeeper(fixture));
    const { id, status } = await addAndSwitchOn(session, page, {
      name: 'Moved',
      url: gate.url('/moved/mcp'),
    });
    expect(status).toEqual({ state: 'connected' });
    const before = gate.seen.filter((request) => request.path === '/moved/mcp').length;
    expect(await echo(id, 'moved')).toContain('moved');
    // Later requests go straight to where it led.
    expect(gate.seen.filter((request) => request.path === '/moved/mcp').length).toBe(before);
    expect(gate.seen.some((request) => request.path === '/moved/mcp/')).toBe(true);
  });

  it('asks a server that refuses every request once, however often the panel looks at it', async () => {
    const gate = closeAfterTest(await startGatekeeper(fixture));
    const { status } = await addAndSwitchOn(session, page, {
      name: 'Refuser',
      url: gate.url('/never/mcp'),
    });
    expect(status.state).toBe('needs-auth');
    const refusals = () => gate.seen.filter((request) => request.path.startsWith('/never/')).length;
    const afterSwitchOn = refusals();
    // The Servers view opens (and opens again), asking for every server's tools each time.
    for (let round = 0; round < 3; round += 1) {
      await page.getByRole('tab', { name: 'Chat' }).click();
      await page.getByRole('tab', { name: 'Servers' }).click();
      await serverCard(page, 'Refuser')
        .getByText(/refused access \(HTTP 403\)/)
        .waitFor();
      await requestFrom(session, page, 'mcp/tools/list');
    }
    expect(refusals()).toBe(afterSwitchOn);
  });

  it('asks for a client ID where the sign-in server registers no apps, naming the redirect URL, in a card that fits', async () => {
    const oauth = closeAfterTest(await startOAuthFixture({ registration: false }));
    await addAndSwitchOn(session, page, { name: 'Notes', url: oauth.mcpUrl });
    const card = serverCard(page, 'Notes');
    const enter = card.getByRole('button', { name: 'Enter client ID' });
    await enter.waitFor();
    await card.getByText(`chromiumapp.org/`, { exact: false }).waitFor();
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth),
    ).toBe(true);
    await session.screenshot(page, 'servers-client-id-needed');
    await enter.click();
    const field = page.getByLabel('Client ID');
    await expect.poll(() => field.evaluate((input) => input === document.activeElement)).toBe(true);
  });
  it('signs in where the authorization server accepts only a loopback redirect: the browser catches it, nothing listens', async () => {
    const oauth = closeAfterTest(
      await startOAuthFixture({ consent: 'page', quirks: { loopbackRedirectsOnly: true } }),
    );
    const consentOpened = session.context.waitForEvent('page', { timeout: 15_000 });
    await addAndSwitchOn(session, page, { name: 'Desk', url: oauth.mcpUrl });
    const consent = await consentOpened;
    await consent.getByRole('button', { name: 'Approve' }).click();
    const card = serverCard(page, 'Desk');
    await card.locator('[data-state="connected"]').waitFor({ timeout: 15_000 });
    const [client] = await oauth.registeredClients();
    expect(client?.redirect_uris).toEqual([LOOPBACK_REDIRECT_URL]);
    expect(oauth.tokenRequests.map((request) => request.redirectUri)).toEqual([
      LOOPBACK_REDIRECT_URL,
    ]);
    // The capture lasted as long as the sign-in: a navigation there now goes nowhere.
    expect(await sessionRules()).toEqual([]);
  });
});
