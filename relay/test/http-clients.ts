/** MCP SDK clients of the relay's HTTP front door, and a raw HTTP helper that keeps header case. */
import { request as httpRequest } from 'node:http';
import {
  Client,
  SSEClientTransport,
  StreamableHTTPClientTransport,
} from '@modelcontextprotocol/client';

export interface HttpClientOptions {
  relayUrl: string;
  token: string;
  /** `modern`: 2026-07-28 requests (the SDK probes `server/discover`); `legacy`: a 2025 session. */
  era?: 'modern' | 'legacy';
  /** `sse`: the legacy HTTP+SSE transport at `/sse`. */
  transport?: 'streamable' | 'sse';
  headers?: Record<string, string>;
  /** Answers the extension's sampling requests with this text. */
  sampleReply?: string;
}

export async function httpClient(options: HttpClientOptions) {
  const headers = { Authorization: `Bearer ${options.token}`, ...options.headers };
  const transport =
    options.transport === 'sse'
      ? new SSEClientTransport(new URL('/sse', options.relayUrl), { requestInit: { headers } })
      : new StreamableHTTPClientTransport(new URL('/mcp', options.relayUrl), {
          requestInit: { headers },
        });
  const client = new Client(
    { name: 'relay-test-client', version: '1.0.0' },
    {
      capabilities: options.sampleReply === undefined ? {} : { sampling: {} },
      ...(options.era === 'modern' ? { versionNegotiation: { mode: 'auto' as const } } : {}),
    },
  );
  if (options.sampleReply !== undefined) {
    const text = options.sampleReply;
    client.setRequestHandler('sampling/createMessage', async () => ({
      role: 'assistant' as const,
      content: { type: 'text' as const, text },
      model: 'stand-in',
    }));
  }
  await client.connect(transport);
  return { client, transport };
}

export interface RawResponse {
  status: number;
  /** Header names as they were on the wire. */
  rawNames: string[];
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** One HTTP request; the whole body (not for streams). */
export function rawHttp(
  url: string,
  init: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(
      url,
      { method: init.method ?? 'GET', headers: init.headers },
      (response) => {
        let body = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (body += chunk));
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            rawNames: response.rawHeaders.filter((_value, index) => index % 2 === 0),
            headers: response.headers,
            body,
          }),
        );
      },
    );
    request.on('error', reject);
    request.end(init.body);
  });
}

export const initializeBody = (id = 1) =>
  JSON.stringify({
    jsonrpc: '2.0',
    id,
    method: 'initialize',
    params: {
      protocolVersion: '2025-11-25',
      capabilities: {},
      clientInfo: { name: 'raw', version: '1' },
    },
  });
