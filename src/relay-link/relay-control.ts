/** The relay's own messages to the link, and how the link answers them. */
import type { JSONRPCMessage } from '@modelcontextprotocol/server';
import type { LinkState } from '../messaging/browser-link-contract';
import type { LinkMessage } from './relay-messages';

/** The id of the relay's one request (relay protocol). */
const AUTH_REQUEST_ID = 'proxy:1';

/** What the relay's messages read and change of the link. */
export interface ControlledLink {
  readonly state: LinkState;
  /** The name and token to answer `authenticate` with. */
  readonly target: { name: string; token: string } | undefined;
  setState(next: LinkState): void;
  /** The relay took the token: the link is up. */
  up(): void;
  /** The relay says a connection ended. */
  drop(connectionId: string): void;
}

/** The relay's control messages: authenticate (once, as `proxy:1`), authenticated, status, disconnected. */
export function answerRelay(
  { message, params }: LinkMessage,
  write: (outgoing: JSONRPCMessage) => void,
  link: ControlledLink,
) {
  const { state, target } = link;
  switch (message.method) {
    case 'authenticate':
      if (message.id !== AUTH_REQUEST_ID || state.state !== 'connecting') return;
      write({
        jsonrpc: '2.0',
        id: message.id as string,
        result: { name: target?.name ?? 'Patchbay', accessToken: target?.token ?? '' },
      });
      return;
    case 'authenticated':
      if (state.state !== 'connecting') return;
      link.up();
      link.setState({
        state: 'connected',
        extensionId: typeof params.extension_id === 'string' ? params.extension_id : '',
        peers: 0,
      });
      return;
    case 'status':
      if (state.state === 'connected' && typeof params.peer_count === 'number')
        link.setState({ ...state, peers: params.peer_count });
      return;
    case 'disconnected':
      if (typeof params.connection_id === 'string') link.drop(params.connection_id);
      return;
  }
}
