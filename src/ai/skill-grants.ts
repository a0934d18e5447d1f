/**
 * A skill's `allowed-tools` as a grant of the person's (src/policy/call-policy.ts `CallGrants`):
 * the tools it names run without asking only when the person agreed to that on the skill's card
 * (`toolsAllowed`), only tools of the skill's own server, and only in a chat where the skill was
 * loaded. It is a grant like "Always allow", never more: what the chat holds (the skill's own
 * text among it) still makes a call ask, as for any other grant.
 */
import type { ModelMessage } from 'ai';
import type { ToolView } from '../messaging/contract';
import type { SkillView } from '../messaging/skills-contract';
import { SKILL_TOOL_NAME } from './skill-tool';

/** The qualified names of the skills whose text was loaded in `messages`. */
function loadedSkills(messages: readonly ModelMessage[]): Set<string> {
  const asked = new Map<string, unknown>();
  const loaded = new Set<string>();
  for (const message of messages) {
    if (typeof message.content === 'string') continue;
    for (const part of message.content) {
      if (part.type === 'tool-call' && part.toolName === SKILL_TOOL_NAME)
        asked.set(part.toolCallId, (part.input as { skill?: unknown } | undefined)?.skill);
      if (part.type !== 'tool-result' || part.toolName !== SKILL_TOOL_NAME) continue;
      if (part.output.type === 'execution-denied' || part.output.type.startsWith('error')) continue;
      const name = asked.get(part.toolCallId);
      if (typeof name === 'string') loaded.add(name);
    }
  }
  return loaded;
}

/** The loaded skill whose agreed `allowed-tools` let `tool` run without asking, if any. */
export function skillGrantFor(
  tool: Pick<ToolView, 'serverId' | 'name'>,
  skills: readonly SkillView[],
  messages: readonly ModelMessage[],
): SkillView | undefined {
  const candidates = skills.filter(
    (skill) =>
      skill.toolsAllowed &&
      skill.state === 'allowed' &&
      skill.serverId === tool.serverId &&
      skill.allowedTools.includes(tool.name),
  );
  if (!candidates.length) return undefined;
  const loaded = loadedSkills(messages);
  return candidates.find((skill) => loaded.has(skill.qualifiedName));
}
