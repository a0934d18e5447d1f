/**
 * The relay link in the offscreen host and the service worker, over their messages
 * (src/messaging/browser-link-contract.ts): a call an external client cancels is cancelled in
 * the worker, and the worker takes only requests the contract allows.
 */
import { afterEach, beforeEach, expect, it } from 'vitest';
import { startLinkedHarness, type Harness } from '../../helpers/browser-access-harness';

let harness: Harness;
const remoteCalls: string[] = [];

beforeEach(async () => {
  remoteCalls.length = 0;
  harness = await startLinkedHarness({ remoteCalls, waitTool: true });
});
afterEach(async () => {
  await harness.close();
});

it('cancels in the worker a call cancelled in the host (its client let go)', async () => {
  const client = await harness.client('Desk', { transport: 'sse' });
  await client.listTools();
  const [record] = (await harness.view()).clients;
  await harness.access.setPolicy(record!.id, 'all');
  const call = client.callTool({ name: 'notes__wait', arguments: {} });
  await expect.poll(() => remoteCalls, { timeout: 10_000 }).toContain('notes/wait');
  // Its SSE stream closed: the relay cancels its calls in flight at the browser, the host's MCP server
  // aborts the request, and the worker's call sees it.
  await client.close();
  await expect(call).rejects.toThrow();
  await expect.poll(() => remoteCalls, { timeout: 10_000 }).toContain('notes/wait cancelled');
  expect(harness.host.requests).toContain('browser-link/tools/cancel');
  await expect
    .poll(async () => (await harness.view()).activity[0], { timeout: 10_000 })
    .toMatchObject({ tool: 'notes__wait', outcome: 'error' });
});

it('answers only the requests the contract has, with their payloads checked', async () => {
  await expect(harness.access.linkRequest({ type: 'mcp/servers/get' })).resolves.toMatchObject({
    ok: false,
    error: { code: 'unknown-type' },
  });
  await expect(
    harness.access.linkRequest({
      type: 'browser-link/tools/call',
      payload: { connectionId: 'conn-1', callId: 'c', name: 'tabs_list', arguments: {} },
    }),
  ).resolves.toMatchObject({ ok: false, error: { code: 'invalid-request', field: 'identity' } });
  await expect(
    harness.access.linkRequest({
      type: 'browser-link/admission',
      payload: { client: { user: 'alice', token: 'tok' } },
    }),
  ).resolves.toEqual({ ok: true, result: {} });
});
