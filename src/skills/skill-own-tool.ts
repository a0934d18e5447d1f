/**
 * The skill tool as it describes itself to the rule of what runs unasked (src/policy/own-tools.ts):
 * a call loads a skill the person allowed (their allowing it is the grant), its result is the
 * skill's text, and a loaded skill's agreed `allowed-tools` are a grant for its server's tools
 * (src/skills/skill-grants.ts) in the chat that loaded it.
 */
import type { ModelMessage } from 'ai';
import type { SkillView } from '../messaging/skills-contract';
import type { OwnTool, OwnToolGrant } from '../policy/own-tools';
import { skillGrantFor } from './skill-grants';
import {
  isLoaded,
  loadedIdentity,
  loadedSkillSource,
  SKILL_TOOL_NAME,
  skillOfCall,
  skillToolLike,
} from './skill-tool';

export function skillOwnTool(skills: readonly SkillView[]): OwnTool {
  return {
    name: SKILL_TOOL_NAME,
    toolFor: (input) => {
      const skill = skillOfCall(skills, input);
      return skill && skillToolLike(skill);
    },
    granted: (input) => skillOfCall(skills, input) !== undefined,
    resultSources: (_input, output) => [loadedSkillSource(skills, output)],
  };
}

/** The grant of the skills loaded in a chat, for their servers' tools. */
export function skillToolGrant(skills: readonly SkillView[]): OwnToolGrant {
  return (tool, messages) => skillGrantFor(tool, loadedSkillsIn(skills, messages)) !== undefined;
}

/**
 * The allowed skills whose text was loaded in `messages`, by server and URI: a same-named one of
 * another server is not it.
 */
function loadedSkillsIn(
  skills: readonly SkillView[],
  messages: readonly ModelMessage[],
): SkillView[] {
  const loaded: { serverId: string; uri: string }[] = [];
  for (const message of messages) {
    if (typeof message.content === 'string') continue;
    for (const part of message.content) {
      if (part.type !== 'tool-result' || part.toolName !== SKILL_TOOL_NAME) continue;
      const identity = loadedIdentity(part.output);
      if (identity) loaded.push(identity);
    }
  }
  return skills.filter((skill) => loaded.some((identity) => isLoaded(skill, identity)));
}
