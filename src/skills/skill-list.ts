/**
 * A server's skills list (`skills/list`), as the chat and the Servers view read it: the list
 * the session keeps (skill-cache.ts), or asked for afresh, within a time limit.
 */
import { SkillsClient, type Skill } from '@modelcontextprotocol/client/ext/skills';
import { PatchbayError } from '../errors/patchbay-error';
import { onServer } from '../mcp/on-server';
import type { ServerSession } from '../mcp/session/server-session';
import { skillCacheOf } from './skill-cache';

/** How long the chat waits for one server's skills list (it waits before every answer). */
export const CHAT_LIST_TIMEOUT_MS = 5_000;

/**
 * Every valid skill entry of the server (invalid ones are left out, as the SDK reports them):
 * the list the session keeps (skill-cache.ts) unless `fresh`, and within `timeoutMs`, connecting
 * included.
 */
export function listEntries(
  session: ServerSession,
  { fresh, timeoutMs }: { fresh: boolean; timeoutMs: number },
): Promise<Skill[]> {
  const listing = onServer(session, 'skills', 'list its skills', (connection) =>
    skillCacheOf(session).entries(
      connection,
      () =>
        new SkillsClient(connection.client, { skipInvalid: true }).list({}, { timeout: timeoutMs }),
      { fresh },
    ),
  );
  return within(
    listing,
    timeoutMs,
    `${session.config.name} did not list its skills within ${timeoutMs / 1000} s.`,
  );
}

/** `work`, or a clear failure once `ms` passed (the work is left to finish alone). */
function within<T>(work: Promise<T>, ms: number, message: string): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new PatchbayError('timeout', message)), ms);
  });
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}
