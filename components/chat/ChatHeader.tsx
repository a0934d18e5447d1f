import { BROWSER_SERVER_ID } from '../../src/messaging/browser-access-contract';
import type { ServerView } from '../../src/messaging/contract';
import type { ToolCounts } from '../../src/chat/tool-counts';
import { statusLabel } from '../servers/status-labels';
import { ModelSwitch, type ModelSwitchProps } from './ModelSwitch';
import { ToolsControl } from './ToolsControl';

export interface ChatHeaderProps {
  /** Absent while no model is set up. */
  model: ModelSwitchProps | undefined;
  counts: ToolCounts;
  servers: readonly ServerView[];
  /** Tools listed for the chat, by server id. */
  toolsByServer: ReadonlyMap<string, number>;
  browserOn: boolean;
  onServerToggle(serverId: string, on: boolean): void;
  onBrowserToggle(on: boolean): void;
  /** Said when more tools are on than fit in one request (the model searches them). */
  searchNote?: string;
}

/** The chat's model and its tools, side by side under the chat's title. */
export function ChatHeader(props: ChatHeaderProps) {
  // Servers switched on first, each group in the order the Servers view lists them.
  const servers = [...props.servers].sort((a, b) => Number(b.isEnabled) - Number(a.isEnabled));
  return (
    <div className="chat-header" role="group" aria-label="Model and tools">
      {props.model ? <ModelSwitch {...props.model} /> : null}
      <ToolsControl
        counts={props.counts}
        browserOn={props.browserOn}
        browserDetail={
          props.browserOn ? countOf(props.toolsByServer.get(BROWSER_SERVER_ID) ?? 0) : 'Off'
        }
        onBrowserToggle={props.onBrowserToggle}
        onServerToggle={props.onServerToggle}
        {...(props.searchNote && { searchNote: props.searchNote })}
        servers={servers.map((server) => ({
          id: server.id,
          name: server.name,
          isEnabled: server.isEnabled,
          detail: detailOf(server, props.toolsByServer.get(server.id) ?? 0),
        }))}
      />
    </div>
  );
}

function detailOf(server: ServerView, tools: number): string {
  if (!server.isEnabled) return 'Off';
  if (server.status.state === 'connected') return countOf(tools);
  return statusLabel(server.status).label;
}

function countOf(tools: number): string {
  return tools === 1 ? '1 tool' : `${tools} tools`;
}
