/**
 * The seal on `requestState` (SEP-2322): it goes through the client and comes back as untrusted
 * input, so it is minted HMAC-sealed and verified before a handler sees it. One key for the
 * process: a retried 2026-07-28 request reaches a fresh server instance (directly, and through
 * the relay a fresh connection), and only the state carries what the earlier rounds decided.
 */
import { randomBytes } from 'node:crypto';
import { createRequestStateCodec } from '@modelcontextprotocol/server';

export type RoundState = Record<string, unknown>;

export const requestStateCodec = createRequestStateCodec<RoundState>({
  key: new Uint8Array(randomBytes(32)),
});
