import type { Era } from '../connection';

/** The era verdict as stored under `mcp.{serverId}.era`, dated. */
export interface StoredEra {
  verdict: Era;
  /** When a probe (or a connection that confirmed it) last established the verdict. */
  checkedAt: number;
}

/**
 * How long a `legacy` verdict is trusted. A stale `modern` verdict fails loudly at the first
 * request and is re-probed then; a stale `legacy` one would succeed forever, since a server
 * that moved to 2026-07-28 often still answers `initialize`. So legacy verdicts expire (the
 * SDK's advice for `connect({ prior })`), and the next connection probes once.
 */
export const LEGACY_VERDICT_TTL_MS = 7 * 24 * 60 * 60 * 1000;

/** The verdict to hand to the next connection, or undefined when it should probe. */
export function usableEra(stored: StoredEra | undefined, now = Date.now()): Era | undefined {
  if (!stored) return undefined;
  if (stored.verdict.kind === 'legacy' && now - stored.checkedAt > LEGACY_VERDICT_TTL_MS) {
    return undefined;
  }
  return stored.verdict;
}

/** What to store after a connection: the era it used, dated when it was probed for. */
export function rememberEra(
  previous: StoredEra | undefined,
  verdict: Era,
  now = Date.now(),
): StoredEra {
  // A connection that reused a stored verdict does not make it any fresher.
  const reused = previous && usableEra(previous, now) && sameEra(previous.verdict, verdict);
  return { verdict, checkedAt: reused ? previous.checkedAt : now };
}

function sameEra(a: Era, b: Era): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/** Reads a stored verdict, ignoring anything that is not one (storage is untrusted). */
export function readStoredEra(value: unknown): StoredEra | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const { verdict, checkedAt } = value as { verdict?: unknown; checkedAt?: unknown };
  if (typeof checkedAt !== 'number' || typeof verdict !== 'object' || verdict === null) {
    return undefined;
  }
  const kind = (verdict as { kind?: unknown }).kind;
  if (kind === 'legacy') return { verdict: { kind: 'legacy' }, checkedAt };
  const discover = (verdict as { discover?: unknown }).discover;
  if (kind === 'modern' && typeof discover === 'object' && discover !== null) {
    return { verdict: verdict as Era, checkedAt };
  }
  return undefined;
}
