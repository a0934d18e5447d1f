/**
 * The relay's standard MCP front door with SDK clients: Streamable HTTP in both eras and legacy
 * HTTP+SSE, through the relay to a stand-in extension serving MCP with the SDK.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startTestRelay, type TestRelay } from '../helpers.js';
import { httpClient } from '../http-clients.js';
import { connectStandIn, finishWaitingSlowCalls, type StandIn } from '../stand-in-extension.js';

let relay: TestRelay;
let browser: StandIn;
const cleanups: (() => Promise<unknown>)[] = [];

beforeEach(async () => {
  relay = await startTestRelay();
  browser = await connectStandIn({
    relayUrl: relay.url,
    token: await relay.token('ada', 'browser'),
  });
});

afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup().catch(() => undefined);
  await browser.close();
  await relay.close();
});

async function connected(options: Omit<Parameters<typeof httpClient>[0], 'relayUrl' | 'token'>) {
  const made = await httpClient({
    relayUrl: relay.url,
    token: await relay.token('ada', 'client'),
    ...options,
  });
  cleanups.push(() => made.client.close());
  return made;
}

const text = (result: unknown) =>
  ((result as { content: { text: string }[] }).content[0] ?? { text: '' }).text;

describe.each([
  {
    name: 'Streamable HTTP, 2025 session',
    era: 'legacy' as const,
    transport: 'streamable' as const,
  },
  {
    name: 'Streamable HTTP, 2026-07-28 requests',
    era: 'modern' as const,
    transport: 'streamable' as const,
  },
  { name: 'legacy HTTP+SSE', era: 'legacy' as const, transport: 'sse' as const },
])('$name', ({ era, transport }) => {
  it('lists and calls the browser’s tools, with progress on the way', async () => {
    const { client, transport: wire } = await connected({ era, transport });
    if (transport === 'streamable') {
      expect((wire as { protocolVersion?: string }).protocolVersion).toBe(
        era === 'modern' ? '2026-07-28' : '2025-11-25',
      );
    }
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name).sort()).toEqual(['ask', 'echo', 'slow', 'whoami']);
    expect(text(await client.callTool({ name: 'echo', arguments: { text: 'hello' } }))).toBe(
      'hello',
    );
    const progress: number[] = [];
    // The call answers once the client has read its progress (finishWaitingSlowCalls: read in
    // one chunk with the answer, the SDK would drop the progress as late).
    const slow = await client.callTool(
      { name: 'slow', arguments: { ms: 0 } },
      {
        onprogress: (update) => {
          progress.push(update.progress);
          finishWaitingSlowCalls();
        },
      },
    );
    expect(text(slow)).toBe('waited until told');
    expect(progress).toEqual([1]);
  });

  it('keeps each client’s calls apart', async () => {
    const first = await connected({ era, transport });
    const second = await connected({ era, transport });
    const [a, b] = await Promise.all([
      first.client.callTool({ name: 'whoami', arguments: {} }),
      second.client.callTool({ name: 'whoami', arguments: {} }),
    ]);
    expect(text(a)).toMatch(/^conn-/);
    expect(text(b)).toMatch(/^conn-/);
    expect(text(a)).not.toBe(text(b));
  });
});

describe.each([
  { name: 'Streamable HTTP', transport: 'streamable' as const },
  { name: 'legacy HTTP+SSE', transport: 'sse' as const },
])('the extension asks the client ($name, 2025)', ({ transport }) => {
  it('a sampling request reaches the client and its answer the tool', async () => {
    const { client } = await connected({ era: 'legacy', transport, sampleReply: 'hi there' });
    const result = await client.callTool({ name: 'ask', arguments: {} });
    expect(text(result)).toBe('client said: hi there');
  });
});

describe('sessions', () => {
  it('ending a 2025 session lets the extension drop it, and the session is gone', async () => {
    const { client, transport } = await connected({ era: 'legacy', transport: 'streamable' });
    const who = text(await client.callTool({ name: 'whoami', arguments: {} }));
    const sessionId = (transport as { sessionId?: string }).sessionId;
    expect(sessionId).toBeTruthy();
    await (transport as { terminateSession(): Promise<void> }).terminateSession();
    await expect.poll(() => browser.dropped).toContain(who);
    const again = await fetch(new URL('/mcp', relay.url), {
      method: 'POST',
      headers: {
        Authorization: `Bearer ${await relay.token('ada', 'client')}`,
        'Content-Type': 'application/json',
        Accept: 'application/json, text/event-stream',
        'Mcp-Session-Id': sessionId!,
      },
      body: JSON.stringify({ jsonrpc: '2.0', id: 9, method: 'tools/list' }),
    });
    expect(again.status).toBe(404);
  });

  it('the browser leaving ends its sessions: the clients hear that their session is gone', async () => {
    const streamable = await connected({ era: 'legacy', transport: 'streamable' });
    const sse = await connected({ era: 'legacy', transport: 'sse' });
    await browser.close();
    await expect(streamable.client.listTools()).rejects.toThrow(
      /Session ended: The browser left the relay \(Patchbay in it may be restarting\)\. Initialize a new session/,
    );
    await expect(sse.client.listTools()).rejects.toThrow(/Session not found/);
    const health = (await (await fetch(new URL('/health', relay.url))).json()) as Record<
      string,
      unknown
    >;
    expect(health).toMatchObject({ activeSessions: 0, extensions: 0 });
  });

  it('a 2026-07-28 request is one exchange: its connection ends with it', async () => {
    const { client } = await connected({ era: 'modern', transport: 'streamable' });
    const who = text(await client.callTool({ name: 'whoami', arguments: {} }));
    await expect.poll(() => browser.dropped).toContain(who);
  });

  it('counts HTTP sessions in /health', async () => {
    await connected({ era: 'legacy', transport: 'streamable' });
    await connected({ era: 'legacy', transport: 'sse' });
    const health = (await (await fetch(new URL('/health', relay.url))).json()) as Record<
      string,
      unknown
    >;
    expect(health).toMatchObject({ status: 'ok', activeSessions: 2, extensions: 1 });
  });
});
