/**
 * The person's decisions about one server's skills, stored per server (`mcp.{id}.skills`) and
 * keyed by the skill's `SKILL.md` URI: allowed, pinned to the digest of the skill they looked
 * at (skill-entry.ts), and whether its `allowed-tools` may run without asking, pinned to those
 * tools' definitions as they were. A skill whose digest changed is not allowed until the person
 * allows it again; a tool whose definition changed asks again, as an "Always allow" does.
 */
import { z } from 'zod';
import { definitionOf, toolDefinitionSchema, type ToolDefinition } from '../policy/tool-definition';
import type { ToolView } from '../messaging/views';

type ToolLike = Pick<ToolView, 'name' | 'description' | 'inputSchema' | 'annotations'>;

const decisionSchema = z.object({
  /** The skill's digest when the person allowed it. */
  digest: z.string().min(1),
  /** The person agreed that the tools its `allowed-tools` names run without asking. */
  allowTools: z.boolean().default(false),
  /**
   * With `allowTools`: the definitions of the tools it names, as the server listed them when
   * the person agreed (a tool it did not list then has none, and asks). Absent in decisions
   * stored before definitions were kept: {@link pinToolDefinitions} records them.
   */
  tools: z.record(z.string(), toolDefinitionSchema).optional(),
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

/** The definitions of the `names` tools among `tools` (a server's, as pages see them). */
export function toolDefinitions(
  tools: readonly ToolLike[],
  names: readonly string[],
): Record<string, ToolDefinition> {
  return Object.fromEntries(
    tools
      .filter((tool) => names.includes(tool.name))
      .map((tool) => [tool.name, definitionOf(tool)]),
  );
}

/**
 * Storage migration: decisions that let a skill's tools run unasked, stored before the tools'
 * definitions were kept, take the definitions listed now (`allowedTools` by URI), so a later
 * change asks again. Returns the same object when nothing needed it.
 */
export function pinToolDefinitions(
  decisions: SkillDecisions,
  allowedTools: ReadonlyMap<string, readonly string[]>,
  tools: readonly ToolLike[],
): SkillDecisions {
  let next = decisions;
  for (const [uri, decision] of Object.entries(decisions)) {
    const names = allowedTools.get(uri);
    if (!decision.allowTools || decision.tools || !names) continue;
    next = { ...next, [uri]: { ...decision, tools: toolDefinitions(tools, names) } };
  }
  return next;
}
