import { offers } from '../mcp/feature-offers';
import type { ServerSession } from '../mcp/session/server-session';

/** The switched-on, connected servers that offer skills. */
export function offeringSkills(sessions: readonly ServerSession[]): ServerSession[] {
  return sessions.filter(
    (session) => session.isEnabled && offers(session.live?.capabilities, 'skills'),
  );
}
