/** `GET /health`: public, for load balancers; counts only (no user, browser or token). */
import { VERSION } from '../version.js';
import { json } from './responses.js';

/** The instance's state, as `/health` shows it. */
export interface RelayHealth {
  instance: string;
  redis: 'connected' | 'unavailable' | 'not used';
  browsers: number;
  /** Relay-protocol client sockets, and those of them connected to a browser. */
  relayClients: number;
  relayConnections: number;
  waitingForBrowser: number;
}

/** The `/health` answer: the instance's state and its HTTP sessions. */
export function healthResponse(health: RelayHealth, http: { streamable: number; sse: number }) {
  return json({
    status: 'ok',
    version: VERSION,
    instance: health.instance,
    redis: health.redis,
    activeSessions: health.relayClients + http.streamable + http.sse,
    extensions: health.browsers,
    clients: { relay: health.relayClients, streamable: http.streamable, sse: http.sse },
    sessions: { relay: health.relayConnections, streamable: http.streamable, sse: http.sse },
    waitingForBrowser: health.waitingForBrowser,
  });
}
