/** A relay on loopback for tests, tokens for it, and a raw relay-protocol client. */
import { WebSocket, type ClientOptions } from 'ws';
import { createLogger } from '../src/monitoring/log.js';
import { startRelay, type Relay, type RelayOptions } from '../src/server.js';
import { createVerifier, DenyList, issueToken, type Role } from '../src/access/tokens.js';

export const SECRET = 'a-test-secret-of-some-length';

export interface TestRelay extends Relay {
  logs: string[];
  /** A token of `user` for the browser (`/extension`) or for clients (`/mcp`, `/sse`, …). */
  token(user: string, role: Role, ttl?: string): Promise<string>;
}

export async function startTestRelay(
  options: Partial<Omit<RelayOptions, 'verifier' | 'log'>> & {
    denyList?: string;
    acceptLegacyTokens?: boolean;
  } = {},
): Promise<TestRelay> {
  const logs: string[] = [];
  const log = createLogger('debug', (line) => void logs.push(line));
  const relay = await startRelay({
    host: '127.0.0.1',
    port: 0,
    verifier: createVerifier({
      secret: SECRET,
      denyList: new DenyList(options.denyList),
      ...(options.acceptLegacyTokens && { acceptLegacyTokens: true }),
      log,
    }),
    log,
    redisKey: SECRET,
    ...options,
  });
  return {
    ...relay,
    logs,
    token: (user, role, ttl) => issueToken({ user, role, secret: SECRET, ttl }),
  };
}

export interface RawClient {
  socket: WebSocket;
  /** Every message that carried no id of this client's requests. */
  notifications: Record<string, unknown>[];
  request(method: string, params?: unknown, id?: unknown): Promise<Record<string, unknown>>;
  /** Sends text as is; resolves with the next message. */
  raw(text: string): Promise<Record<string, unknown>>;
  closed: Promise<{ code: number; reason: string }>;
}

export async function rawClient(
  relayUrl: string,
  path = '/mcp',
  options: ClientOptions = {},
): Promise<RawClient> {
  const url = new URL(path, relayUrl);
  url.protocol = 'ws:';
  const socket = new WebSocket(url, options);
  const notifications: Record<string, unknown>[] = [];
  const waiting = new Map<string, (message: Record<string, unknown>) => void>();
  let next: ((message: Record<string, unknown>) => void) | undefined;
  let counter = 0;
  socket.on('message', (data) => {
    const message = JSON.parse(String(data)) as Record<string, unknown>;
    if (next) {
      const take = next;
      next = undefined;
      return take(message);
    }
    const answer = waiting.get(JSON.stringify(message.id));
    if (answer && !('method' in message)) {
      waiting.delete(JSON.stringify(message.id));
      return answer(message);
    }
    notifications.push(message);
  });
  const closed = new Promise<{ code: number; reason: string }>((resolve) =>
    socket.on('close', (code, reason) => resolve({ code, reason: String(reason) })),
  );
  await new Promise<void>((resolve, reject) => {
    socket.once('open', resolve);
    socket.once('error', reject);
  });
  return {
    socket,
    notifications,
    closed,
    request(method, params = {}, id = (counter += 1)) {
      return new Promise((resolve) => {
        waiting.set(JSON.stringify(id), resolve);
        socket.send(JSON.stringify({ jsonrpc: '2.0', id, method, params }));
      });
    },
    raw(text) {
      return new Promise((resolve) => {
        next = resolve;
        socket.send(text);
      });
    },
  };
}

/** A raw client, authenticated as `user` (with a client token). */
export async function handshaken(relay: TestRelay, user: string): Promise<RawClient> {
  const client = await rawClient(relay.url);
  const answer = await client.request('mcp_handshake', {
    accessToken: await relay.token(user, 'client'),
  });
  if (!answer.result) throw new Error(`handshake failed: ${JSON.stringify(answer)}`);
  return client;
}
