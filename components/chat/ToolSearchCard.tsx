import type { DynamicToolUIPart } from 'ai';

/** A tool a search found, as the card names it. */
export interface FoundTool {
  /** Its name in the chat (what the model calls). */
  key: string;
  /** The tool's own name. */
  label: string;
  /** Its server's (or site's) name; absent for a tool no longer switched on. */
  server?: string;
}

export interface ToolSearchCardProps {
  part: DynamicToolUIPart;
  /** The tools the search found and loaded, once it has; none before. */
  found?: FoundTool[];
  /** How many tools are switched on (what the search looked through, loaded ones aside). */
  total: number;
  /** The chat was stopped while the search was open. */
  stopped: boolean;
}

function stateOf(props: ToolSearchCardProps) {
  const { part } = props;
  if (part.state === 'output-available') return { label: 'Done', tone: 'good' };
  if (part.state === 'output-error' || part.state === 'output-denied')
    return { label: 'Failed', tone: 'bad' };
  return props.stopped
    ? { label: 'Cancelled', tone: 'neutral' }
    : { label: 'Searching', tone: 'busy' };
}

/** The model's search of the switched-on tools: what it asked for and the tools it loaded. */
export function ToolSearchCard(props: ToolSearchCardProps) {
  const { part, found } = props;
  const state = stateOf(props);
  const query = (part.input as { query?: unknown } | undefined)?.query;
  return (
    <div
      className="tool-card tool-search-card"
      data-tool-state={state.label.toLowerCase()}
      data-tool-name={part.toolName}
    >
      <div className="tool-card-head">
        <span className="tool-card-server">Tool search</span>
        {typeof query === 'string' ? <q className="tool-search-query">{query}</q> : null}
        <span className={`badge badge-${state.tone}`}>{state.label}</span>
      </div>
      {found === undefined ? null : found.length ? (
        <>
          <p className="muted tool-search-note">
            {found.length} of {props.total.toLocaleString('en-US')} tools loaded for the model’s
            next step:
          </p>
          <ul className="tool-search-found" aria-label="Tools found">
            {found.map((tool) => (
              <li key={tool.key}>
                <code>{tool.label}</code>
                <span className="muted">{tool.server ?? 'no longer switched on'}</span>
              </li>
            ))}
          </ul>
        </>
      ) : (
        <p className="muted tool-search-note">No switched-on tool matched.</p>
      )}
      {part.state === 'output-error' ? <p className="server-error">{part.errorText}</p> : null}
    </div>
  );
}
