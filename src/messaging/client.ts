import type { z } from 'zod';
import {
  broadcastSchema,
  globalResults,
  serverResults,
  responseSchema,
  serverRequestType,
  type Broadcast,
  type GlobalPayloads,
  type GlobalRequestType,
  type GlobalResults,
  type ServerAction,
  type ServerPayloads,
  type ServerResults,
} from './contract';
import { RequestError } from '../errors/request-error';

export { RequestError };

/** How the client reaches the background: chrome.runtime in the extension. */
export interface MessageTransport {
  send(message: { type: string; payload?: unknown }): Promise<unknown>;
  subscribe(listener: (message: unknown) => void): () => void;
}

// The result schemas, typed per request so an indexed lookup keeps its request's result type.
const globalResultSchemas: { [K in GlobalRequestType]: z.ZodType<GlobalResults[K]> } =
  globalResults;
const serverResultSchemas: { [A in ServerAction]: z.ZodType<ServerResults[A]> } = serverResults;

/**
 * The typed side of the message contract for extension pages. Failures arrive as
 * {@link RequestError}s; a worker that stopped mid-request becomes a retryable
 * `worker-restarted` error instead of a hang or an untyped rejection.
 */
export function createPatchbayClient(transport: MessageTransport) {
  async function send<R>(type: string, payload: unknown, resultSchema: z.ZodType<R>): Promise<R> {
    let raw: unknown;
    try {
      raw = await transport.send(payload === undefined ? { type } : { type, payload });
    } catch (error) {
      throw new RequestError({
        code: 'worker-restarted',
        message:
          'Patchbay’s background restarted before it answered. The request may not have finished; try again.',
        retryable: true,
      });
    }
    const response = responseSchema.safeParse(raw);
    if (!response.success) {
      throw new RequestError({
        code: 'worker-restarted',
        message: 'Patchbay’s background did not answer. Try again.',
        retryable: true,
      });
    }
    if (!response.data.ok) throw new RequestError(response.data.error);
    const result = resultSchema.safeParse(response.data.result);
    if (!result.success) {
      // The background and this page disagree about the contract: an update half applied.
      throw new RequestError({
        code: 'internal',
        message: `Patchbay’s background answered ${type} in an unexpected shape. Reload the extension.`,
      });
    }
    return result.data;
  }

  return {
    request<T extends GlobalRequestType>(
      type: T,
      ...payload: PayloadArgs<GlobalPayloads[T]>
    ): Promise<GlobalResults[T]> {
      return send(type, payload[0], globalResultSchemas[type]);
    },
    server<A extends ServerAction>(
      serverId: string,
      action: A,
      ...payload: PayloadArgs<ServerPayloads[A]>
    ): Promise<ServerResults[A]> {
      return send(serverRequestType(serverId, action), payload[0], serverResultSchemas[action]);
    },
    /** Listens to the background's broadcasts; returns the unsubscribe function. */
    onBroadcast(listener: (message: Broadcast) => void): () => void {
      return transport.subscribe((message) => {
        const parsed = broadcastSchema.safeParse(message);
        if (parsed.success) listener(parsed.data);
      });
    },
  };
}

export type PatchbayClient = ReturnType<typeof createPatchbayClient>;

type PayloadArgs<P> = undefined extends P ? [payload?: P] : [payload: P];
