/**
 * One connected browser extension, on the instance holding its socket: the MCP client
 * connections attached to it, and the routing of what it sends back. Requests reach it with
 * connection-prefixed ids (`conn-…:7`); its answers, and its notifications that name a prefixed
 * request or progress token, go to that connection alone; other notifications (a changed tool
 * list) go to every attached connection. The extension is passive, but may ask one connection's
 * client something (MCP sampling, elicitation) with an `ext:` id and that connection's tag
 * (`CONNECTION_META`, wire/tags.ts); any other request from it is refused.
 */
import {
  classify,
  errorOf,
  METHOD_NOT_FOUND,
  notificationOf,
  type Message,
} from '../wire/jsonrpc.js';
import { CONNECTION_META, HEARTBEAT_METHOD } from '../wire/tags.js';

export interface ExtensionInfo {
  id: string;
  name: string;
  user: string;
}

/** Where an attached connection's messages go (its client may be on another instance). */
export interface ConnectionSink {
  deliver(message: Message): void;
  /** The extension went away; the connection is over. */
  gone(reason: string): void;
}

/** What a client session needs of an extension, wherever its socket is. */
export interface ExtensionPort {
  readonly info: ExtensionInfo;
  attach(connectionId: string, sink: ConnectionSink): void;
  detach(connectionId: string): void;
  send(connectionId: string, message: Message): void;
}

/** Ids of the extension's own requests (relay protocol: "if the extension needs to initiate"). */
const EXTENSION_ID = /^ext:/;

/** `conn-<uuid>`, as the relay makes them. */
const CONNECTION_PREFIX = /^(conn-[0-9a-f-]{36}):/;

/** The connection a prefixed value belongs to, and the value without its prefix. */
export function unprefix(value: unknown): { connectionId: string; rest: string } | undefined {
  if (typeof value !== 'string') return undefined;
  const match = CONNECTION_PREFIX.exec(value);
  return match ? { connectionId: match[1]!, rest: value.slice(match[0].length) } : undefined;
}

export class ExtensionHost implements ExtensionPort {
  readonly #connections = new Map<string, ConnectionSink>();

  constructor(
    readonly info: ExtensionInfo,
    private readonly write: (message: Message) => void,
    private readonly onPeersChanged: (count: number) => void = () => undefined,
  ) {}

  get peerCount(): number {
    return this.#connections.size;
  }

  attach(connectionId: string, sink: ConnectionSink): void {
    this.#connections.set(connectionId, sink);
    this.onPeersChanged(this.#connections.size);
  }

  detach(connectionId: string): void {
    if (this.#connections.delete(connectionId)) this.onPeersChanged(this.#connections.size);
  }

  send(_connectionId: string, message: Message): void {
    this.write(message);
  }

  /** A message the extension sent (already parsed as JSON, not its control answers). */
  receive(value: unknown): void {
    const parsed = classify(value);
    if (parsed.kind === 'invalid') return; // nothing to answer: the extension never asks
    if (parsed.kind === 'request') {
      const sink = EXTENSION_ID.test(String(parsed.message.id))
        ? this.#connections.get(tagOf(parsed.message) ?? '')
        : undefined;
      if (sink) return sink.deliver(parsed.message);
      this.write(
        errorOf(
          parsed.message.id,
          METHOD_NOT_FOUND,
          'The relay forwards only requests with an "ext:" id naming an open connection in _meta["io.patchbay/connection"].',
        ),
      );
      return;
    }
    if (parsed.kind === 'response') {
      const route = unprefix(parsed.message.id);
      if (route) this.#connections.get(route.connectionId)?.deliver(parsed.message);
      return;
    }
    if (parsed.message.method === HEARTBEAT_METHOD) return;
    const params = (parsed.message.params ?? {}) as Record<string, unknown>;
    // A notification for one connection: named by its progress token, its request, or (from an
    // extension keeping a session per connection) the relay's connection tag.
    const tag = tagOf(parsed.message);
    const tagged = tag === undefined ? undefined : { connectionId: tag };
    const route = unprefix(params.progressToken) ?? unprefix(params.requestId) ?? tagged;
    if (route) {
      this.#connections.get(route.connectionId)?.deliver(parsed.message);
      return;
    }
    for (const sink of this.#connections.values()) sink.deliver(parsed.message);
  }

  /** The extension's socket closed: every attached connection hears it. */
  close(reason: string): void {
    const sinks = [...this.#connections.values()];
    this.#connections.clear();
    for (const sink of sinks) sink.gone(reason);
  }

  /** Tells the extension how many clients it serves. */
  status(): Message {
    return notificationOf('status', {
      connected: true,
      peer_count: this.#connections.size,
      timestamp: new Date().toISOString(),
    });
  }
}

/** The connection an extension's message names in its `_meta`. */
function tagOf(message: Message): string | undefined {
  const params = message.params;
  if (!params || Array.isArray(params)) return undefined;
  const tag = (params._meta as Record<string, unknown> | undefined)?.[CONNECTION_META];
  return typeof tag === 'string' ? tag : undefined;
}
