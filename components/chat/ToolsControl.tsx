import { describeToolCounts, type ToolCounts } from '../../src/chat/tool-counts';
import { ToolSwitch } from '../servers/ToolSwitch';
import { Popover } from './Popover';

export interface ToolsControlServer {
  id: string;
  name: string;
  isEnabled: boolean;
  /** "3 tools", "Connecting…", "Needs sign-in": what the person sees beside the switch. */
  detail: string;
}

export interface ToolsControlProps {
  counts: ToolCounts;
  servers: ToolsControlServer[];
  /** "Use this browser": the browser's own tools in the chat. */
  browserOn: boolean;
  /** What shows beside the browser's switch ("Off", "12 tools"). */
  browserDetail: string;
  onServerToggle(serverId: string, on: boolean): void;
  onBrowserToggle(on: boolean): void;
  /** Said when more tools are on than fit in one request (the model searches them). */
  searchNote?: string;
}

/** How many tools the chat can use and from how many servers; opens their switches. */
export function ToolsControl(props: ToolsControlProps) {
  const summary = describeToolCounts(props.counts);
  return (
    <Popover
      className="tools-control"
      label={<span>{summary}</span>}
      buttonLabel={`Tools: ${summary}. Switch servers on or off`}
    >
      {() => (
        <>
          {props.searchNote ? <p className="muted tools-control-note">{props.searchNote}</p> : null}
          <ul className="tools-control-list" aria-label="Servers the chat can use">
            <li className="tools-control-row">
              <ToolSwitch
                on={props.browserOn}
                label="Use this browser"
                onChange={props.onBrowserToggle}
              />
              <span className="tools-control-name">This browser</span>
              <span className="muted tools-control-detail">{props.browserDetail}</span>
            </li>
            {props.servers.map((server) => (
              <li key={server.id} className="tools-control-row" data-server-id={server.id}>
                <ToolSwitch
                  on={server.isEnabled}
                  label={`Use ${server.name}`}
                  onChange={(on) => props.onServerToggle(server.id, on)}
                />
                <span className="tools-control-name">{server.name}</span>
                <span className="muted tools-control-detail">{server.detail}</span>
              </li>
            ))}
          </ul>
        </>
      )}
    </Popover>
  );
}
