/**
 * What must not stay behind: a token revoked in the deny list ends every session that used it
 * (WebSocket, Streamable HTTP, legacy SSE), and an `initialize` the relay refuses leaves nothing
 * attached to the browser.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createVerifier } from '../../src/access/tokens.js';
import { rawClient, startTestRelay, type TestRelay } from '../helpers.js';
import { httpClient, initializeBody, rawHttp } from '../http-clients.js';
import { connectStandIn, type StandIn } from '../stand-in-extension.js';

let relay: TestRelay;
let browser: StandIn;
let denyFile: string;

beforeEach(async () => {
  denyFile = join(mkdtempSync(join(tmpdir(), 'relay-deny-')), 'deny');
  writeFileSync(denyFile, '');
  relay = await startTestRelay({ denyList: denyFile });
  browser = await connectStandIn({
    relayUrl: relay.url,
    token: await relay.token('ada', 'browser'),
  });
});
afterEach(async () => {
  await browser.close();
  await relay.close();
  rmSync(dirname(denyFile), { recursive: true, force: true });
});

describe('the deny list', () => {
  it('ends the revoked token’s sessions of every kind, and leaves the others', async () => {
    const revoked = await relay.token('ada', 'client');
    const { tokenId } = await createVerifier({ secret: 'a-test-secret-of-some-length' }).verify(
      revoked,
      'client',
    );
    const ws = await rawClient(relay.url);
    await ws.request('mcp_handshake', { accessToken: revoked });
    const streamable = await httpClient({ relayUrl: relay.url, token: revoked, era: 'legacy' });
    const sse = await httpClient({ relayUrl: relay.url, token: revoked, transport: 'sse' });
    const other = await httpClient({
      relayUrl: relay.url,
      token: await relay.token('ada', 'client'),
    });
    try {
      const before = browser.dropped.length;
      writeFileSync(denyFile, `${tokenId}\n`);
      // The list is watched (polled each second).
      expect((await ws.closed).code).toBe(4401);
      // Both HTTP sessions ended: the browser dropped their connections, not the other's.
      await expect.poll(() => browser.dropped.length - before).toBe(2);
      await expect(streamable.client.listTools()).rejects.toThrow(/token was revoked/);
      expect((await other.client.listTools()).tools.length).toBeGreaterThan(0);
    } finally {
      await Promise.all([streamable, sse, other].map(({ client }) => client.close()));
    }
  });
});

describe('a refused initialize', () => {
  it('leaves no connection attached to the browser', async () => {
    const answer = await rawHttp(new URL('/mcp', relay.url).toString(), {
      method: 'POST',
      body: initializeBody(),
      headers: {
        Authorization: `Bearer ${await relay.token('ada', 'client')}`,
        'Content-Type': 'application/json',
        Accept: 'text/plain',
      },
    });
    expect(answer.status).toBe(406);
    await expect.poll(() => browser.dropped.length).toBe(1);
    const statuses = browser.received.filter((message) => message.method === 'status');
    expect(statuses.at(-1)).toMatchObject({ params: { peer_count: 0 } });
  });
});
