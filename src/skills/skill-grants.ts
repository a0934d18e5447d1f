/**
 * A skill's `allowed-tools` as a grant of the person's (src/policy/call-policy.ts `CallGrants`):
 * the tools it names run without asking only when the person agreed to that on the skill's card
 * (`toolsAllowed`), only tools of the skill's own server, only as they were described when the
 * person agreed, and only in a chat where the skill was loaded (the skill tool tells which:
 * src/skills/skill-tool.ts). It is a grant like "Always allow", never more: what the chat holds
 * (the skill's own text among it) still makes a call ask, as for any other grant.
 */
import type { SkillView } from '../messaging/skills-contract';
import { definitionOf, sameDefinition, type ToolLike } from '../policy/grants';

/** Whether `skill`'s agreed grant covers `tool` as the server describes it now. */
function grants(skill: SkillView, tool: ToolLike): boolean {
  const agreed = skill.toolDefinitions?.[tool.name];
  return (
    skill.toolsAllowed &&
    skill.state === 'allowed' &&
    skill.serverId === tool.serverId &&
    skill.allowedTools.includes(tool.name) &&
    // The tool as the person agreed to it: one whose description, inputs or hints changed
    // since asks again, as an "Always allow" does.
    agreed !== undefined &&
    sameDefinition(agreed, definitionOf(tool))
  );
}

/** The loaded skill whose agreed `allowed-tools` let `tool` run without asking, if any. */
export function skillGrantFor(tool: ToolLike, loaded: readonly SkillView[]): SkillView | undefined {
  return loaded.find((skill) => grants(skill, tool));
}
