/**
 * An MCP SDK client transport over the relay's WebSocket protocol: it handshakes with the
 * relay, connects to the user's extension (the one named, or the only one), and then carries
 * MCP messages. For clients that speak the relay protocol; others use Streamable HTTP at `/mcp`.
 */
import type { JSONRPCMessage, Transport } from '@modelcontextprotocol/client';
import { WebSocket } from 'ws';
import { chooseExtension } from '../browsers/choose-extension.js';

export interface RelayClientOptions {
  /** The relay's address, e.g. `http://127.0.0.1:3456`. */
  url: string;
  accessToken: string;
  /** The extension's id or name, when the user has several. */
  extension?: string;
}

export class RelayClientTransport implements Transport {
  onmessage?: (message: JSONRPCMessage) => void;
  onclose?: () => void;
  onerror?: (error: Error) => void;
  #socket: WebSocket | undefined;
  connectionId: string | undefined;
  /**
   * What arrived for the SDK, handed over one message per task, in order. The SDK handles an
   * answer at once but a notification a microtask later, so a progress notification and the
   * answer right behind it, read from one network chunk in one task, would reach the SDK answer
   * first, and the progress would be dropped as late.
   */
  #inbox: (() => void)[] = [];

  #handOver(step: () => void): void {
    this.#inbox.push(step);
    if (this.#inbox.length === 1) setImmediate(() => this.#next());
  }

  #next(): void {
    this.#inbox.shift()?.();
    if (this.#inbox.length > 0) setImmediate(() => this.#next());
  }

  constructor(private readonly options: RelayClientOptions) {}

  async start(): Promise<void> {
    const url = new URL('/mcp', this.options.url);
    url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
    const socket = new WebSocket(url);
    this.#socket = socket;
    await new Promise<void>((resolve, reject) => {
      socket.once('open', resolve);
      socket.once('error', reject);
    });
    const waiting = new Map<
      string,
      { resolve(value: unknown): void; reject(error: Error): void }
    >();
    socket.on('message', (data) => {
      let message: JSONRPCMessage & { id?: unknown; result?: unknown; error?: { message: string } };
      try {
        message = JSON.parse(String(data));
      } catch {
        this.onerror?.(new Error('The relay sent something that is not JSON.'));
        return;
      }
      const control = typeof message.id === 'string' ? waiting.get(message.id) : undefined;
      if (control) {
        waiting.delete(message.id as string);
        if (message.error) control.reject(new Error(message.error.message));
        else control.resolve(message.result);
        return;
      }
      const { method } = message as { method?: string };
      if (method === 'status' || method === 'authenticated') return;
      if (method === 'disconnected') {
        this.#handOver(() => void this.close());
        return;
      }
      this.#handOver(() => this.onmessage?.(message));
    });
    // After whatever arrived before it.
    socket.on('close', () => this.#handOver(() => this.onclose?.()));
    socket.on('error', (error) => this.onerror?.(error));
    let next = 0;
    const call = (method: string, params: Record<string, unknown>) =>
      new Promise<unknown>((resolve, reject) => {
        const id = `relay-control-${(next += 1)}`;
        waiting.set(id, { resolve, reject });
        socket.send(JSON.stringify({ jsonrpc: '2.0', id, method, params }));
      });
    await call('mcp_handshake', { accessToken: this.options.accessToken });
    const { extensions } = (await call('list_extensions', {})) as {
      extensions: { id: string; name: string }[];
    };
    const choice = chooseExtension(extensions, this.options.extension);
    if ('error' in choice) {
      socket.close();
      throw new Error(choice.error);
    }
    const connected = (await call('connect', { extension_id: choice.id })) as {
      connection_id: string;
    };
    this.connectionId = connected.connection_id;
  }

  async send(message: JSONRPCMessage): Promise<void> {
    if (this.#socket?.readyState !== WebSocket.OPEN)
      throw new Error('The relay connection is closed.');
    this.#socket.send(JSON.stringify(message));
  }

  async close(): Promise<void> {
    this.#socket?.close();
  }
}
