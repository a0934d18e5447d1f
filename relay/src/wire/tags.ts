/**
 * Patchbay's additions to the relay protocol, named once for both ends: the relay
 * (relay/src/) writes and reads them, and so does the extension's relay link
 * (src/relay-link/), which imports this file. Relays and extensions of other versions read
 * them by these names: never rename one. Plain strings, no imports: this file is bundled into
 * the extension.
 */

/**
 * Where the relay names the connection on a client's notification (which has no id to prefix),
 * so an extension keeping one MCP session per connection knows whose it is, and where such an
 * extension names the connection its own notifications and requests are for.
 */
export const CONNECTION_META = 'io.patchbay/connection';

/**
 * Where the relay names, on every client request and notification, the token the client came
 * with (`{ user, token }`, the token's id, never the token), so an extension can tell clients
 * apart and remember what its person allowed each.
 */
export const CLIENT_META = 'io.patchbay/client';

/**
 * Where an extension names the client request (its prefixed id, as the relay forwarded it) that
 * a notification or request of its own belongs to (progress, logging, sampling during a tool
 * call), so the HTTP front door can stream it on that request's response.
 */
export const RELATED_META = 'io.patchbay/related-request';

/**
 * A notification an extension sends now and then and the relay drops: a browser keeps its
 * extension's worker running only while messages cross the socket (Chrome 116+), and the
 * relay's WebSocket pings do not count.
 */
export const HEARTBEAT_METHOD = 'notifications/patchbay/heartbeat';
