/**
 * A `tools/call` to replay as the bare-fetch floor against a server in another process
 * (server-everything), where the bench cannot see what Patchbay sent: a session of the bench's
 * own (initialize, initialized), and the same call Patchbay makes, with the headers it sends.
 */
import type { RecordedPost } from '../paths/call';

export async function replayableCall(
  url: string,
  tool: { name: string; arguments: Record<string, unknown> },
  /** The version Patchbay's own connection to the server speaks. */
  protocolVersion: string,
): Promise<RecordedPost> {
  const headers = {
    'content-type': 'application/json',
    accept: 'application/json, text/event-stream',
  };
  const initialized = await fetch(url, {
    method: 'POST',
    headers,
    body: JSON.stringify({
      jsonrpc: '2.0',
      id: 0,
      method: 'initialize',
      params: {
        protocolVersion,
        capabilities: {},
        clientInfo: { name: 'patchbay-bench', version: '0' },
      },
    }),
  });
  const session = initialized.headers.get('mcp-session-id');
  await initialized.text();
  if (!initialized.ok || !session) throw new Error(`initialize answered ${initialized.status}`);
  const sessionHeaders = {
    ...headers,
    'mcp-session-id': session,
    'mcp-protocol-version': protocolVersion,
  };
  const notified = await fetch(url, {
    method: 'POST',
    headers: sessionHeaders,
    body: JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' }),
  });
  await notified.text();
  return {
    headers: sessionHeaders,
    body: { jsonrpc: '2.0', id: 1, method: 'tools/call', params: tool },
  };
}
