/** JSON-RPC 2.0 as the relay sees it: parsed, classified, answered. */
export type Id = string | number;

export interface Message {
  jsonrpc: '2.0';
  id?: Id | null;
  method?: string;
  params?: Record<string, unknown> | unknown[];
  result?: unknown;
  error?: { code: number; message: string; data?: unknown };
  [extra: string]: unknown;
}

export const PARSE_ERROR = -32700;
export const INVALID_REQUEST = -32600;
export const METHOD_NOT_FOUND = -32601;
export const INVALID_PARAMS = -32602;
export const INTERNAL_ERROR = -32603;
/** The relay's own failures: authentication, routing, limits. */
export const RELAY_ERROR = -32000;
/** Already connected (relay protocol) / missing or invalid bearer token (HTTP). */
export const CONFLICT_OR_UNAUTHORIZED = -32001;

export const errorOf = (id: Id | null | undefined, code: number, message: string): Message => ({
  jsonrpc: '2.0',
  id: id ?? null,
  error: { code, message },
});

export const resultOf = (id: Id, result: unknown): Message => ({ jsonrpc: '2.0', id, result });

export const notificationOf = (method: string, params: Record<string, unknown>): Message => ({
  jsonrpc: '2.0',
  method,
  params,
});

export type Parsed =
  | { kind: 'request'; message: Message & { id: Id; method: string } }
  | { kind: 'notification'; message: Message & { method: string } }
  | { kind: 'response'; message: Message & { id: Id } }
  | { kind: 'invalid'; error: Message };

const isId = (value: unknown): value is Id =>
  typeof value === 'string' || (typeof value === 'number' && Number.isFinite(value));

/** Parses one frame's text; batches are not part of the relay protocol. */
export function parse(text: string): Parsed {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return {
      kind: 'invalid',
      error: errorOf(null, PARSE_ERROR, 'Parse error: the message is not JSON.'),
    };
  }
  return classify(value);
}

export function classify(value: unknown): Parsed {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return {
      kind: 'invalid',
      error: errorOf(null, INVALID_REQUEST, 'Invalid Request: expected one JSON-RPC object.'),
    };
  }
  const message = value as Message;
  const id = isId(message.id) ? message.id : undefined;
  if (message.jsonrpc !== '2.0') {
    return {
      kind: 'invalid',
      error: errorOf(id, INVALID_REQUEST, 'Invalid Request: "jsonrpc" must be "2.0".'),
    };
  }
  // A request's id is a string or a number; null is for errors' answers alone.
  if ('id' in message && message.id !== undefined && id === undefined) {
    return {
      kind: 'invalid',
      error: errorOf(null, INVALID_REQUEST, 'Invalid Request: "id" must be a string or a number.'),
    };
  }
  if (typeof message.method === 'string') {
    if (
      message.params !== undefined &&
      (typeof message.params !== 'object' || message.params === null)
    ) {
      return {
        kind: 'invalid',
        error: errorOf(
          id,
          INVALID_REQUEST,
          'Invalid Request: "params" must be an object or an array.',
        ),
      };
    }
    return id === undefined
      ? { kind: 'notification', message: message as Message & { method: string } }
      : { kind: 'request', message: message as Message & { id: Id; method: string } };
  }
  if (message.method !== undefined) {
    return {
      kind: 'invalid',
      error: errorOf(id, INVALID_REQUEST, 'Invalid Request: "method" must be a string.'),
    };
  }
  if (id !== undefined) return { kind: 'response', message: message as Message & { id: Id } };
  return {
    kind: 'invalid',
    error: errorOf(null, INVALID_REQUEST, 'Invalid Request: no method and no id.'),
  };
}
