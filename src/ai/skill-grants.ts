/**
 * A skill's `allowed-tools` as a grant of the person's (src/policy/call-policy.ts `CallGrants`):
 * the tools it names run without asking only when the person agreed to that on the skill's card
 * (`toolsAllowed`), only tools of the skill's own server, only as they were described when the
 * person agreed, and only in a chat where the skill was loaded. It is a grant like "Always
 * allow", never more: what the chat holds (the skill's own text among it) still makes a call
 * ask, as for any other grant.
 */
import type { ModelMessage } from 'ai';
import { definitionOf, sameDefinition, type ToolLike } from '../policy/grants';
import type { SkillView } from '../messaging/skills-contract';
import { isLoaded, loadedIdentity, SKILL_TOOL_NAME } from './skill-tool';

/** The skills (server and URI) whose text was loaded in `messages`. */
function loadedSkills(messages: readonly ModelMessage[]): { serverId: string; uri: string }[] {
  const loaded: { serverId: string; uri: string }[] = [];
  for (const message of messages) {
    if (typeof message.content === 'string') continue;
    for (const part of message.content) {
      if (part.type !== 'tool-result' || part.toolName !== SKILL_TOOL_NAME) continue;
      const identity = loadedIdentity(part.output);
      if (identity) loaded.push(identity);
    }
  }
  return loaded;
}

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
export function skillGrantFor(
  tool: ToolLike,
  skills: readonly SkillView[],
  messages: readonly ModelMessage[],
): SkillView | undefined {
  const candidates = skills.filter((skill) => grants(skill, tool));
  if (!candidates.length) return undefined;
  // The very skill loaded, by server and URI: a same-named one of another server is not it.
  const loaded = loadedSkills(messages);
  return candidates.find((skill) => loaded.some((identity) => isLoaded(skill, identity)));
}
