/**
 * A client the person blocked costs the browser nothing: its new connections, on every
 * transport, are refused by the relay link before any MCP server is made for them (counted at
 * `createBrowserMcpServer`), while other clients, and the same one once let in again, are served.
 */
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { createBrowserMcpServer } from '../../../src/relay-link/browser-mcp-server';
import { startLinkedHarness, type Harness } from '../../helpers/browser-access-harness';

vi.mock('../../../src/relay-link/browser-mcp-server', async (importOriginal) => {
  const actual =
    await importOriginal<typeof import('../../../src/relay-link/browser-mcp-server')>();
  return { ...actual, createBrowserMcpServer: vi.fn(actual.createBrowserMcpServer) };
});
const serversMade = () => vi.mocked(createBrowserMcpServer).mock.calls.length;

let harness: Harness;
beforeEach(async () => {
  harness = await startLinkedHarness();
});
afterEach(async () => {
  await harness.close();
});

it('a blocked client’s new connections get an error and no server, on every transport', async () => {
  const token = await harness.relay.token('alice', 'client');
  const pest = await harness.client('Pest', { token });
  await pest.listTools();
  const [record] = (await harness.view()).clients;
  await harness.access.setPolicy(record!.id, 'blocked');

  const before = serversMade();
  for (const transport of [{}, { transport: 'sse' as const }, { era: 'modern' as const }]) {
    await expect(harness.client('Pest', { token, ...transport })).rejects.toThrow(
      /blocked this client/,
    );
  }
  expect(serversMade()).toBe(before);
  // Nothing of it is counted as connected but the session it had before it was blocked.
  expect((await harness.view()).clients).toMatchObject([{ id: record!.id, connected: 1 }]);

  // Another client is served; and this one again, once the person lets it in.
  await (await harness.client('Other')).listTools();
  expect(serversMade()).toBe(before + 1);
  await harness.access.setPolicy(record!.id, 'ask');
  await (await harness.client('Pest', { token })).listTools();
  expect(serversMade()).toBe(before + 2);
});
