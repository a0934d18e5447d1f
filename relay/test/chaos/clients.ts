/**
 * The chaos test's MCP clients, each making sequential `tools/call echo` requests through the
 * round-robin proxy, each call with a deadline: relay-protocol WebSocket clients, 2026-07-28
 * HTTP clients (one request per call) and 2025 Streamable HTTP session clients. A client that
 * hears its connection, socket or session is gone starts again on its next call (as MCP clients
 * do: a new socket, a new `connect`, a new `initialize`). Every call's outcome is recorded; an
 * answer to a call already answered is counted as a duplicate.
 */
import { once } from 'node:events';
import { WebSocket } from 'ws';
import { logTag } from '../../src/monitoring/log.js';

export type ClientKind = 'websocket' | 'modern' | 'session';

export interface CallRecord {
  kind: ClientKind;
  start: number;
  end: number;
  ok: boolean;
  /** No answer and no error by the deadline. */
  hung: boolean;
  error?: string;
}

export interface ChaosClient {
  /** One call whose echo text is `text`; never throws. */
  call(text: string): Promise<CallRecord>;
  /** Answers received for calls already answered. */
  duplicates: number;
  close(): void;
}

class Timeout extends Error {}

function withDeadline<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer!: NodeJS.Timeout;
  const deadline = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Timeout(`no answer in ${ms} ms`)), ms);
  });
  return Promise.race([work, deadline]).finally(() => clearTimeout(timer));
}

async function recorded(
  kind: ClientKind,
  timeoutMs: number,
  work: (step: (name: string) => void) => Promise<void>,
): Promise<CallRecord> {
  const start = performance.now();
  let current = 'call';
  try {
    await withDeadline(
      work((name) => void (current = name)),
      timeoutMs,
    );
    return { kind, start, end: performance.now(), ok: true, hung: false };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    return {
      kind,
      start,
      end: performance.now(),
      ok: false,
      hung: error instanceof Timeout,
      error: error instanceof Timeout ? `${current}: ${message}` : message,
    };
  }
}

const echoOf = (text: string) => ({ name: 'echo', arguments: { text } });

/** The text of a JSON or SSE body's answer to `id`, or an error naming what came instead. */
function answerIn(body: string, id: number): { text?: string; answers: number; error?: string } {
  const messages = body.trimStart().startsWith('{')
    ? [body]
    : body
        .split('\n')
        .filter((line) => line.startsWith('data:'))
        .map((line) => line.slice(5));
  let text: string | undefined;
  let error: string | undefined;
  let answers = 0;
  for (const raw of messages) {
    const message = JSON.parse(raw) as {
      id?: number;
      result?: { content?: { text?: string }[] };
      error?: { message: string };
    };
    if (message.id !== id) continue;
    answers += 1;
    text = message.result?.content?.[0]?.text;
    error = message.error?.message;
  }
  return { text, answers, error };
}

export function websocketClient(proxyUrl: string, token: string, timeoutMs: number): ChaosClient {
  let socket: WebSocket | undefined;
  let ready: Promise<void> | undefined;
  let next = 0;
  const waiting = new Map<
    number,
    { resolve(message: Record<string, unknown>): void; reject(error: Error): void }
  >();
  const answered = new Set<number>();
  const client: ChaosClient = { duplicates: 0, call, close: () => socket?.terminate() };

  const request = (method: string, params: unknown) =>
    new Promise<Record<string, unknown>>((resolve, reject) => {
      const id = (next += 1);
      waiting.set(id, { resolve, reject });
      socket!.send(JSON.stringify({ jsonrpc: '2.0', id, method, params }));
    });
  const failAll = (reason: string) => {
    for (const [id, pending] of [...waiting]) {
      waiting.delete(id);
      pending.reject(new Error(reason));
    }
  };

  async function open(): Promise<void> {
    const url = new URL('/mcp', proxyUrl);
    url.protocol = 'ws:';
    const opened = new WebSocket(url);
    socket = opened;
    opened.on('message', (data) => {
      const message = JSON.parse(String(data)) as Record<string, unknown>;
      if (message.method === 'disconnected') {
        // Its browser connection ended: calls in flight fail (the relay answers them), and the
        // next call connects again.
        ready = undefined;
        return;
      }
      if (typeof message.id !== 'number') return;
      if (answered.has(message.id)) client.duplicates += 1;
      answered.add(message.id);
      const pending = waiting.get(message.id);
      waiting.delete(message.id);
      pending?.resolve(message);
    });
    opened.on('close', (code) => {
      if (socket === opened) {
        socket = undefined;
        ready = undefined;
      }
      failAll(`the relay closed the socket (${code})`);
    });
    opened.on('error', () => undefined);
    await once(opened, 'open');
    const handshake = await request('mcp_handshake', { accessToken: token });
    if (!handshake.result) throw new Error(`handshake: ${JSON.stringify(handshake.error)}`);
  }

  async function connect(): Promise<void> {
    if (!socket || socket.readyState !== WebSocket.OPEN) await open();
    const listed = (await request('list_extensions', {})).result as
      { extensions: { id: string }[] } | undefined;
    const browser = listed?.extensions[0];
    if (!browser) throw new Error('no browser listed');
    const connected = await request('connect', { extension_id: browser.id });
    if (!connected.result) throw new Error(`connect: ${JSON.stringify(connected.error)}`);
    const init = await request('initialize', {
      protocolVersion: '2025-11-25',
      capabilities: {},
      clientInfo: { name: 'chaos', version: '1' },
    });
    if (!init.result) throw new Error(`initialize: ${JSON.stringify(init.error)}`);
    socket!.send(JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' }));
  }

  async function call(text: string): Promise<CallRecord> {
    const record = await attempt(text);
    // A socket that let a call hang is given up, as a client would: the next call opens another.
    if (record.hung) socket?.terminate();
    return record;
  }

  function attempt(text: string): Promise<CallRecord> {
    return recorded('websocket', timeoutMs, async (step) => {
      step('connect');
      ready ??= connect().catch((error: unknown) => {
        ready = undefined;
        throw error;
      });
      await ready;
      step('tools/call');
      const answer = await request('tools/call', echoOf(text));
      const content = (answer.result as { content?: { text?: string }[] } | undefined)?.content;
      if (content?.[0]?.text !== text)
        throw new Error(`tools/call: ${JSON.stringify(answer.error ?? answer.result)}`);
    });
  }
  return client;
}

const HTTP_HEADERS = {
  'Content-Type': 'application/json',
  Accept: 'application/json, text/event-stream',
};

/** One JSON-RPC message POSTed to `/mcp` (its deadline a little after the call's). */
async function postMcp(
  url: string,
  token: string,
  timeoutMs: number,
  message: object,
  headers: Record<string, string>,
) {
  const response = await fetch(`${url}/mcp`, {
    method: 'POST',
    signal: AbortSignal.timeout(timeoutMs + 1_000),
    headers: { ...HTTP_HEADERS, Authorization: `Bearer ${token}`, ...headers },
    body: JSON.stringify({ jsonrpc: '2.0', ...message }),
  });
  return { response, body: await response.text() };
}

export function modernClient(proxyUrl: string, token: string, timeoutMs: number): ChaosClient {
  let id = 0;
  const client: ChaosClient = { duplicates: 0, call, close: () => undefined };
  function call(text: string): Promise<CallRecord> {
    return recorded('modern', timeoutMs, async (step) => {
      step('tools/call');
      id += 1;
      const { response, body } = await postMcp(
        proxyUrl,
        token,
        timeoutMs,
        {
          id,
          method: 'tools/call',
          params: {
            ...echoOf(text),
            _meta: {
              'io.modelcontextprotocol/protocolVersion': '2026-07-28',
              'io.modelcontextprotocol/clientInfo': { name: 'chaos', version: '1' },
              'io.modelcontextprotocol/clientCapabilities': {},
            },
          },
        },
        { 'MCP-Protocol-Version': '2026-07-28', 'Mcp-Method': 'tools/call', 'Mcp-Name': 'echo' },
      );
      if (response.status !== 200)
        throw new Error(`HTTP ${response.status}: ${body.slice(0, 200)}`);
      const answer = answerIn(body, id);
      if (answer.answers > 1) client.duplicates += answer.answers - 1;
      if (answer.text !== text) throw new Error(`tools/call: ${answer.error ?? unanswered(body)}`);
    });
  }
  return client;
}

const unanswered = (body: string) =>
  body.trim() === '' ? 'the response ended without an answer' : body.slice(0, 200);

export function sessionClient(proxyUrl: string, token: string, timeoutMs: number): ChaosClient {
  let id = 0;
  let session: Promise<string> | undefined;
  const client: ChaosClient = { duplicates: 0, call, close: () => undefined };
  const post = (body: object, sessionId?: string) =>
    postMcp(
      proxyUrl,
      token,
      timeoutMs,
      body,
      sessionId ? { 'Mcp-Session-Id': sessionId, 'MCP-Protocol-Version': '2025-11-25' } : {},
    );
  async function initialize(): Promise<string> {
    id += 1;
    const { response, body } = await post({
      id,
      method: 'initialize',
      params: {
        protocolVersion: '2025-11-25',
        capabilities: {},
        clientInfo: { name: 'chaos', version: '1' },
      },
    });
    const sessionId = response.headers.get('mcp-session-id');
    if (response.status !== 200 || !sessionId)
      throw new Error(`initialize: HTTP ${response.status}: ${body.slice(0, 200)}`);
    const initialized = await post({ method: 'notifications/initialized' }, sessionId);
    if (initialized.response.status !== 202)
      throw new Error(`initialized: HTTP ${initialized.response.status}: ${initialized.body}`);
    return sessionId;
  }
  function call(text: string): Promise<CallRecord> {
    return recorded('session', timeoutMs, async (step) => {
      step('initialize');
      session ??= initialize();
      const current = session;
      try {
        const sessionId = await current;
        step(`tools/call (session ${logTag(sessionId)})`);
        id += 1;
        const { response, body } = await post(
          { id, method: 'tools/call', params: echoOf(text) },
          sessionId,
        );
        if (response.status !== 200)
          throw new Error(`HTTP ${response.status}: ${body.slice(0, 200)}`);
        const answer = answerIn(body, id);
        if (answer.answers > 1) client.duplicates += answer.answers - 1;
        if (answer.text !== text)
          throw new Error(`tools/call: ${answer.error ?? unanswered(body)}`);
      } catch (error) {
        // The session may be gone (its instance stopped, its browser left): start a new one.
        if (session === current) session = undefined;
        throw error;
      }
    });
  }
  return client;
}
