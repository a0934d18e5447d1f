/**
 * The extension's side of one relay connection, as an MCP SDK transport: an MCP server (one per
 * external client) is served over it, while the relay socket carries every connection's
 * messages. The relay's protocol is followed as written (the extension answers with the ids it
 * was sent, never initiates but for `ext:` ids), plus Patchbay's two `_meta` tags the relay
 * reads: which connection a message is for, and which client request it belongs to (the relay's
 * HTTP front door streams progress, logging and questions on that request's response).
 */
import type { JSONRPCMessage, Transport, TransportSendOptions } from '@modelcontextprotocol/server';
import { CONNECTION_META, RELATED_META } from '../../relay/src/wire/tags';

export class RelayConnectionTransport implements Transport {
  onmessage?: (message: JSONRPCMessage) => void;
  onclose?: () => void;
  onerror?: (error: Error) => void;
  /**
   * The extension's own request ids on this connection: `ext:<connection>:<id>`, a number as it
   * is and a string quoted, as the relay writes ids (so 5 and "5" stay apart).
   */
  readonly #asking: string;
  #closed = false;

  constructor(
    readonly connectionId: string,
    private readonly write: (message: JSONRPCMessage) => void,
  ) {
    this.#asking = `ext:${connectionId}:`;
  }

  /** The connection an `ext:` id of this kind belongs to (a client's answer names no other). */
  static connectionOfAnswer(id: unknown): string | undefined {
    return typeof id === 'string' ? /^ext:(conn-[^:]+):/.exec(id)?.[1] : undefined;
  }

  async start(): Promise<void> {}

  /** A message the relay forwarded for this connection. */
  receive(message: JSONRPCMessage): void {
    if (this.#closed) return;
    if (!('method' in message) && typeof message.id === 'string') {
      const own = message.id.startsWith(this.#asking)
        ? ownId(message.id.slice(this.#asking.length))
        : undefined;
      if (own !== undefined) message = { ...message, id: own };
    }
    this.onmessage?.(message);
  }

  async send(message: JSONRPCMessage, options?: TransportSendOptions): Promise<void> {
    if (this.#closed) return;
    if ('method' in message) {
      const params: Record<string, unknown> = { ...message.params };
      params._meta = {
        ...(params._meta as Record<string, unknown> | undefined),
        [CONNECTION_META]: this.connectionId,
        ...(options?.relatedRequestId !== undefined && {
          [RELATED_META]: options.relatedRequestId,
        }),
      };
      message =
        'id' in message
          ? {
              ...message,
              id: `${this.#asking}${typeof message.id === 'number' ? message.id : JSON.stringify(message.id)}`,
              params,
            }
          : { ...message, params };
    }
    this.write(message);
  }

  async close(): Promise<void> {
    if (this.#closed) return;
    this.#closed = true;
    this.onclose?.();
  }
}

/** An id as the transport wrote it after its prefix, back as the server's own. */
function ownId(text: string): string | number | undefined {
  if (text.startsWith('"')) {
    try {
      const value: unknown = JSON.parse(text);
      return typeof value === 'string' ? value : undefined;
    } catch {
      return undefined;
    }
  }
  const number = Number(text);
  return text !== '' && Number.isFinite(number) ? number : undefined;
}
