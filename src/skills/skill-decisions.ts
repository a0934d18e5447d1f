/**
 * The person's decisions about one server's skills, stored per server (`mcp.{id}.skills`) and
 * keyed by the skill's `SKILL.md` URI: allowed, pinned to the digest of the skill they looked
 * at (skill-entry.ts), and whether its `allowed-tools` may run without asking. A skill whose
 * digest changed is not allowed until the person allows it again.
 */
import { z } from 'zod';

const decisionSchema = z.object({
  /** The skill's digest when the person allowed it. */
  digest: z.string().min(1),
  /** The person agreed that the tools its `allowed-tools` names run without asking. */
  allowTools: z.boolean().default(false),
});
export type SkillDecision = z.infer<typeof decisionSchema>;

/** A stored value that is not a record of decisions reads as none: the skills ask again. */
export const skillDecisionsSchema = z.record(z.string(), decisionSchema).catch({});
export type SkillDecisions = z.infer<typeof skillDecisionsSchema>;

/**
 * Where a skill stands: never allowed (`new`), allowed as it is now, allowed but changed since
 * (`changed`, asked again), or `unverifiable` (its server lists no digests, so it cannot be
 * allowed).
 */
export type SkillState = 'new' | 'allowed' | 'changed' | 'unverifiable';

export function skillState(
  decision: SkillDecision | undefined,
  digest: string | undefined,
): SkillState {
  if (digest === undefined) return 'unverifiable';
  if (!decision) return 'new';
  return decision.digest === digest ? 'allowed' : 'changed';
}

/** The decisions with `uri` allowed at `digest`, or taken back. */
export function decide(
  decisions: SkillDecisions,
  uri: string,
  decision: SkillDecision | undefined,
): SkillDecisions {
  const next = { ...decisions };
  if (decision) next[uri] = decision;
  else delete next[uri];
  return next;
}
