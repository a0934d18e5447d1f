/**
 * The Client that hands each spec request its result schema ready-made (result-schema-client.ts),
 * against real servers of both eras: it validates every answer as the SDK's own Client does, with
 * the same message for one that breaks the schema, and looks each method's schema up once rather
 * than on every request.
 */
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { describe, expect, it, vi } from 'vitest';
import { startFixtureServer } from '../../fixtures/mcp-fixture-server';
import { startModernServer } from '../../fixtures/modern-server';
import { cleanupsAfterEach } from '../../helpers/cleanups';
import { ResultSchemaClient } from '../../../src/mcp/result-schema-client';

const cleanups = cleanupsAfterEach();

interface Codec {
  validateResult(method: string, raw: unknown): unknown;
}

async function connected<C extends Client>(
  client: C,
  url: string,
  modern: boolean,
  fetchImpl?: (url: string | URL, init?: RequestInit) => Promise<Response>,
): Promise<C> {
  await client.connect(
    new StreamableHTTPClientTransport(new URL(url), fetchImpl ? { fetch: fetchImpl } : {}),
  );
  cleanups.push(() => client.close());
  expect(client.getProtocolEra()).toBe(modern ? 'modern' : 'legacy');
  return client;
}

const options = (modern: boolean) =>
  modern ? { versionNegotiation: { mode: 'auto' as const } } : {};

describe.each([
  ['2025-11-25', false],
  ['2026-07-28', true],
])('a client of a %s server', (_era, modern) => {
  async function server() {
    const started = modern
      ? await startModernServer({ legacy: 'reject' })
      : await startFixtureServer();
    cleanups.push(() => started.close());
    return started;
  }

  it('validates every answer, and looks the result schema up once, not on every request', async () => {
    const { mcpUrl } = await server();
    const client = await connected(
      new ResultSchemaClient({ name: 'test', version: '1' }, options(modern)),
      mcpUrl,
      modern,
    );
    const codec = (client as unknown as { _wireCodec(): Codec })._wireCodec();
    const validate = vi.spyOn(codec, 'validateResult');
    try {
      for (const text of ['one', 'two', 'three']) {
        const result = await client.callTool({ name: 'echo', arguments: { text } });
        expect(result.content).toEqual([{ type: 'text', text }]);
      }
      const calls = validate.mock.calls.filter(([method]) => method === 'tools/call');
      // The SDK's own Client probes with `undefined` before each request: three probes here.
      expect(calls.filter(([, raw]) => raw === undefined).length).toBeLessThanOrEqual(1);
      expect(calls.filter(([, raw]) => raw !== undefined)).toHaveLength(3);
    } finally {
      validate.mockRestore();
    }
  });

  it('refuses an answer that breaks the result schema with the SDK’s own message', async () => {
    const { mcpUrl } = await server();
    // The server's answer to the call, as a broken server would send it.
    const broken = async (url: string | URL, init?: RequestInit) => {
      const body = JSON.parse(String(init?.body ?? '{}')) as { id?: number; method?: string };
      if (body.method !== 'tools/call') return fetch(url, init);
      const result = { content: 'not a list', ...(modern ? { resultType: 'complete' } : {}) };
      return Response.json({ jsonrpc: '2.0', id: body.id, result });
    };
    const messages: string[] = [];
    for (const client of [
      new Client({ name: 'test', version: '1' }, options(modern)),
      new ResultSchemaClient({ name: 'test', version: '1' }, options(modern)),
    ]) {
      await connected(client, mcpUrl, modern, broken);
      const error = await client
        .callTool({ name: 'echo', arguments: { text: 'hi' } })
        .catch((caught: unknown) => caught as Error);
      messages.push((error as Error).message);
    }
    expect(messages[0]).toContain('Invalid result for tools/call');
    expect(messages[1]).toBe(messages[0]);
  });
});
