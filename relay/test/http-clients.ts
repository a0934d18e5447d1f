/** MCP SDK clients of the relay's HTTP front door, and a raw HTTP helper that keeps header case. */
import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll } from 'vitest';
import { startTestRelay, type TestRelay } from './helpers.js';
import { connectStandIn, type StandIn } from './stand-in-extension.js';
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

/** The JSON-RPC error in a response body. */
export const rpcErrorOf = (body: string) =>
  (JSON.parse(body) as { error: { code: number; message: string } }).error;

/**
 * One relay and one stand-in browser ("Chromium", user ada) for a whole test file, and raw HTTP
 * requests to it with ada's client token.
 */
export function httpFixture() {
  const fixture = {} as {
    relay: TestRelay;
    browser: StandIn;
    /** Ada's client token (the requests'), and her browser's. */
    token: string;
    browserToken: string;
    url(path: string): string;
    post(path: string, body: string, headers?: Record<string, string>): Promise<RawResponse>;
  };
  beforeAll(async () => {
    fixture.relay = await startTestRelay({ ssePingMs: 50 });
    fixture.token = await fixture.relay.token('ada', 'client');
    fixture.browserToken = await fixture.relay.token('ada', 'browser');
    fixture.browser = await connectStandIn({
      relayUrl: fixture.relay.url,
      token: fixture.browserToken,
      name: 'Chromium',
    });
  });
  afterAll(async () => {
    await fixture.browser.close();
    await fixture.relay.close();
  });
  fixture.url = (path) => new URL(path, fixture.relay.url).toString();
  fixture.post = (path, body, headers = {}) =>
    rawHttp(fixture.url(path), {
      method: 'POST',
      body,
      headers: {
        Authorization: `Bearer ${fixture.token}`,
        'Content-Type': 'application/json',
        Accept: 'application/json, text/event-stream',
        ...headers,
      },
    });
  return fixture;
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
