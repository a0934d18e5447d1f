import type { DynamicToolUIPart } from 'ai';
import { BROWSER_SERVER_ID } from '../../src/messaging/browser-access-contract';
import type { TabTargetState } from '../browser-access/TabTarget';
import { ToolCard } from './ToolCard';
import { ToolSearchCard, type FoundTool } from './ToolSearchCard';
import { foundToolNames, TOOL_SEARCH_NAME } from '../../src/tool-search/search-tool';
import { changesSinceAllowed, type ApprovalSettings } from '../../src/policy/grants';
import { describeCall, isMarkedDestructive } from '../../src/policy/destructive-call';
import { isProxyToolOutput } from '../../src/model-tools/proxy-tools';
import type { ToolNameMap } from '../../src/model-tools/tool-names';
import type { ServerView, ToolView } from '../../src/messaging/contract';
import { toolAppSlot, type AppSlotContext } from '../apps/tool-app-slot';
import type { CallProgress } from './use-chat-tools';
import type { ChatSessionState } from './use-chat-session';

/** What a chat's tool cards are drawn from besides their own part. */
export interface ChatToolContext {
  tools: ToolView[];
  servers: ServerView[];
  names: ToolNameMap;
  progress: CallProgress;
  stoppedCalls: ReadonlySet<string>;
  approvals: ApprovalSettings;
  /** The words the person typed in this chat (src/chat/typed-words.ts). */
  typedWords: ReadonlySet<string>;
  tabTargets: ReadonlyMap<string, TabTargetState>;
  apps: AppSlotContext;
  respond(part: DynamicToolUIPart, approved: boolean): void;
  alwaysAllow: ChatSessionState['alwaysAllow'];
  openResource(link: { serverId: string; uri: string; title?: string; mimeType?: string }): void;
}

/** The card of one tool call in the chat: which server and tool it is, its state and app. */
export function renderChatTool(part: DynamicToolUIPart, context: ChatToolContext) {
  const { tools, servers, names, progress, stoppedCalls, approvals, tabTargets } = context;
  if (part.toolName === TOOL_SEARCH_NAME) {
    return (
      <ToolSearchCard
        part={part}
        {...(part.state === 'output-available' && { found: foundTools(part.output, context) })}
        total={tools.length}
        stopped={stoppedCalls.has(part.toolCallId)}
      />
    );
  }
  const output =
    part.state === 'output-available' && isProxyToolOutput(part.output) ? part.output : undefined;
  const address = output
    ? { serverId: output.serverId, name: output.toolName }
    : names.resolve(part.toolName);
  const server = servers.find((candidate) => candidate.id === address?.serverId);
  const view = tools.find(
    (candidate) => candidate.serverId === address?.serverId && candidate.name === address.name,
  );
  const respond = (approved: boolean) => context.respond(part, approved);
  const app =
    address && server
      ? toolAppSlot(
          part,
          {
            serverId: address.serverId,
            serverName: server.name,
            toolName: address.name,
            ...(view ? { view } : {}),
            ...(output ? { output } : {}),
          },
          context.apps,
        )
      : undefined;
  const icon = iconOf(view, server);
  return (
    <ToolCard
      part={part}
      {...(app ? { app } : {})}
      serverName={
        view?.page
          ? `${view.page.site}${view.page.tabIndex !== undefined ? ` · tab ${view.page.tabIndex}` : ''}`
          : address?.serverId === BROWSER_SERVER_ID
            ? 'This browser'
            : (server?.name ?? address?.serverId ?? 'Unknown server')
      }
      {...(icon ? { iconDataUrl: icon } : {})}
      toolName={view?.page?.tool ?? address?.name ?? part.toolName}
      {...(address ? { serverId: address.serverId } : {})}
      onOpenResource={(link) =>
        context.openResource({
          serverId: link.serverId,
          uri: link.uri,
          ...(link.name ? { title: link.name } : {}),
          ...(link.mimeType ? { mimeType: link.mimeType } : {}),
        })
      }
      {...(output ? { result: output.result, durationMs: output.durationMs } : {})}
      {...(progress[part.toolCallId] ? { progress: progress[part.toolCallId] } : {})}
      stopped={stoppedCalls.has(part.toolCallId)}
      typedWords={context.typedWords}
      {...(tabTargets.has(part.toolCallId) ? { tabTarget: tabTargets.get(part.toolCallId) } : {})}
      onApprove={() => respond(true)}
      onDeny={() => respond(false)}
      onAlwaysAllow={() => {
        if (!view) return respond(true);
        void context.alwaysAllow(view, part).then(() => respond(true));
      }}
      {...(view && part.state === 'approval-requested'
        ? { changedSinceAllowed: changesSinceAllowed(view, approvals) }
        : {})}
      {...(view && isMarkedDestructive(view) ? { destructive: describeCall(view.name) } : {})}
    />
  );
}

/** The tools a search's output lists, named as the person knows them. */
function foundTools(output: unknown, { tools, servers, names }: ChatToolContext): FoundTool[] {
  return foundToolNames(output).map((key) => {
    const address = names.resolve(key);
    const view = tools.find(
      (candidate) => candidate.serverId === address?.serverId && candidate.name === address.name,
    );
    if (!view) return { key, label: key };
    const server =
      view.page?.site ??
      (view.serverId === BROWSER_SERVER_ID
        ? 'This browser'
        : (servers.find((candidate) => candidate.id === view.serverId)?.name ?? view.serverId));
    return { key, label: view.page?.tool ?? view.name, server };
  });
}

/** The tool's own icon, else the one the person gave its server, else the server's own. */
function iconOf(tool: ToolView | undefined, server: ServerView | undefined): string | undefined {
  return tool?.iconDataUrl ?? server?.iconDataUrl ?? server?.serverIconDataUrl;
}
