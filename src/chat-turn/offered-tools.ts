import type { PrepareStepFunction, ToolSet, UIMessage } from 'ai';
import type { PatchbayClient } from '../messaging/client';
import type { SkillView } from '../messaging/skills-contract';
import type { StopIntent } from '../model-tools/proxy-tools';
import { buildSkillTool } from '../skills/skill-tool';
import { requestTools, type RequestTools } from '../tool-search/request-tools';
import { TOOL_SEARCH_NAME } from '../tool-search/search-tool';
import type { RequestScope } from './request-scope';

/**
 * The tools one request offers the model: proxy tools for the switched-on tools it may use,
 * behind a tool search when more are switched on than fit (src/tool-search/request-tools.ts),
 * and Patchbay's skill tool; `prepareStep` offers, before every step after the first, only those
 * still switched on.
 */
export interface OfferedTools extends RequestTools {
  prepareStep: PrepareStepFunction<ToolSet>;
}

export function offeredTools(
  scope: RequestScope,
  messages: readonly UIMessage[],
  options: {
    client: PatchbayClient;
    /** The skills the person allowed, offered through Patchbay's skill tool. */
    skills: readonly SkillView[];
    chatId: string;
    stopIntent: StopIntent | undefined;
  },
): OfferedTools {
  const { client, stopIntent } = options;
  // Patchbay's skill tool is always loaded: it is one tool, and only for allowed skills.
  const skillTool = buildSkillTool(options.skills, client) ?? {};
  const { tools, names, search } = requestTools(scope.views, messages, {
    client,
    serverName: scope.serverName,
    chatId: options.chatId,
    ...(stopIntent ? { stopIntent } : {}),
    ownTools: Object.keys(skillTool).length,
  });
  Object.assign(tools, skillTool);
  // Names of tools switched on since the request started are not in `tools`; the AI SDK
  // offers only tools that are in both.
  const available = async () => {
    const { tools: current } = await client.request('mcp/tools/list');
    const offered = current
      .filter((view) => scope.mayUse(view.serverId))
      .map((view) => names.nameFor(view));
    return search ? [...offered, TOOL_SEARCH_NAME] : offered;
  };
  return {
    tools,
    names,
    ...(search && { search }),
    // Tools switched off since the request started are not offered again.
    prepareStep: async ({ stepNumber }) =>
      stepNumber === 0
        ? {}
        : // Patchbay's own skill tool stays: it is no server's to switch off.
          { activeTools: [...(await available()), ...Object.keys(skillTool)] },
  };
}
