import type { ToolView } from '../../src/messaging/contract';
import { ItemIcon } from './ItemIcon';
import { ToolSwitch } from './ToolSwitch';
import { SwitchRow } from '../shared/SwitchRow';
import { steeringIn } from '../../src/policy/description-scan';

export interface ToolListProps {
  serverName: string;
  tools: ToolView[];
  disabled: string[];
  readOnlyWithoutAsking: boolean;
  onDisabledChange(names: string[]): void;
  onReadOnlyWithoutAskingChange(value: boolean): void;
}

export function ToolList(props: ToolListProps) {
  const { tools, disabled } = props;
  if (tools.length === 0) return <p className="muted">This server offers no tools.</p>;
  const off = new Set(disabled);
  const enabledCount = tools.filter((tool) => !off.has(tool.name)).length;
  return (
    <div className="tools">
      <div className="tools-head">
        <span className="detail-group-title">Tools</span>
        <button
          type="button"
          className="quiet compact"
          onClick={() => props.onDisabledChange([])}
          disabled={enabledCount === tools.length}
        >
          All on
        </button>
        <button
          type="button"
          className="quiet compact"
          onClick={() => props.onDisabledChange(tools.map((tool) => tool.name))}
          disabled={enabledCount === 0}
        >
          All off
        </button>
      </div>
      <SwitchRow
        label="Run tools the server says are read-only without asking"
        on={props.readOnlyWithoutAsking}
        onChange={props.onReadOnlyWithoutAskingChange}
      />
      <ul className="tool-list" aria-label={`Tools of ${props.serverName}`}>
        {tools.map((tool) => (
          <ToolItem
            key={tool.name}
            tool={tool}
            on={!off.has(tool.name)}
            onChange={(on) =>
              props.onDisabledChange(
                on ? disabled.filter((name) => name !== tool.name) : [...disabled, tool.name],
              )
            }
          />
        ))}
      </ul>
    </div>
  );
}

/**
 * One tool: its switch, icon, title and name, labels for its app and for what its server says
 * about it, its description, and a note when that description addresses the model.
 */
function ToolItem({
  tool,
  on,
  onChange,
}: {
  tool: ToolView;
  on: boolean;
  onChange(on: boolean): void;
}) {
  return (
    <li className="tool" data-tool={tool.name}>
      <div className="tool-head">
        <ToolSwitch on={on} label={`Use ${tool.name}`} onChange={onChange} />
        <ItemIcon className="tool-icon" src={tool.iconDataUrl} name={tool.title ?? tool.name} />
        {tool.title ? <span className="tool-title">{tool.title}</span> : null}
        <code className="tool-name">{tool.name}</code>
        {tool.ui?.resourceUri ? (
          <span className="label" title={`Shows an interactive app (${tool.ui.resourceUri})`}>
            has an app
          </span>
        ) : null}
        {tool.ui?.visibility && !tool.ui.visibility.includes('model') ? (
          <span className="label" title="The model is never offered this tool">
            for its app only
          </span>
        ) : null}
        {tool.annotations?.readOnlyHint ? (
          <span className="label" title="The server's own description; Patchbay cannot check it">
            server says read-only
          </span>
        ) : null}
        {tool.annotations?.destructiveHint ? (
          <span className="label label-bad">destructive</span>
        ) : null}
      </div>
      {tool.description ? <p className="tool-description">{tool.description}</p> : null}
      <SteeringNote tool={tool} />
    </li>
  );
}

/**
 * Words of a tool's definition that address the model rather than describe the tool: while the
 * tool is offered, nothing text in a chat could have steered runs unasked (docs/security.md).
 */
function SteeringNote({ tool }: { tool: ToolView }) {
  const words = steeringIn(tool);
  if (words === undefined) return null;
  return (
    <p className="tool-steers" role="note">
      Its description reads like instructions to the AI (“{words}”). While it is on, Patchbay asks
      before every call in a chat that holds it.
    </p>
  );
}
