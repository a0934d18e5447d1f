/**
 * Reading what arrives on the relay link's socket: the relay's own control messages, and a
 * client's, with the relay connection each belongs to.
 */
import { CLIENT_META, CONNECTION_META } from '../../relay/src/wire/tags';
import { RelayConnectionTransport } from './connection-transport';

export const CONNECTION_PREFIX = /^(conn-[^:]+):/;

/** One message from the socket, its params and `_meta` read out. */
export interface LinkMessage {
  message: Record<string, unknown>;
  params: Record<string, unknown>;
  meta: Record<string, unknown> | undefined;
  /** The relay's own (authenticate, status...), not a client's. */
  fromRelay: boolean;
}

/** The message in a socket frame; undefined for anything but a JSON object. */
export function readLinkMessage(data: string): LinkMessage | undefined {
  let message: Record<string, unknown>;
  try {
    message = JSON.parse(data) as Record<string, unknown>;
  } catch {
    return undefined; // the relay sends JSON; anything else is not for us
  }
  if (typeof message !== 'object' || message === null) return undefined;
  const params = (message.params ?? {}) as Record<string, unknown>;
  const meta = params._meta as Record<string, unknown> | undefined;
  // The relay's own messages carry no connection: a client's (which a relay passes on with
  // a `conn-` id or the relay's tags) must never be taken for one, or a client could ask
  // for the token with `authenticate`, or end another client's session.
  const fromRelay =
    typeof message.method === 'string' &&
    !(typeof message.id === 'string' && CONNECTION_PREFIX.test(message.id)) &&
    meta?.[CONNECTION_META] === undefined &&
    meta?.[CLIENT_META] === undefined;
  return { message, params, meta, fromRelay };
}

/** The relay connection a client's message belongs to, by its id, answer, tag or request. */
export function connectionOf({ message, params, meta }: LinkMessage): string | undefined {
  return (
    (typeof message.id === 'string' ? CONNECTION_PREFIX.exec(message.id)?.[1] : undefined) ??
    RelayConnectionTransport.connectionOfAnswer(message.id) ??
    (typeof meta?.[CONNECTION_META] === 'string' ? (meta[CONNECTION_META] as string) : undefined) ??
    (typeof params.requestId === 'string'
      ? CONNECTION_PREFIX.exec(params.requestId)?.[1]
      : undefined)
  );
}
