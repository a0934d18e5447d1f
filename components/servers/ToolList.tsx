import type { ToolView } from '../../src/messaging/contract';

export function ToolList({ tools, disabled }: { tools: ToolView[]; disabled: string[] }) {
  if (tools.length === 0) return <p className="muted">This server offers no tools.</p>;
  const off = new Set(disabled);
  return (
    <ul className="tool-list" aria-label="Tools">
      {tools.map((tool) => (
        <li key={tool.name} className="tool" data-tool={tool.name}>
          <div className="tool-head">
            <code className="tool-name">{tool.name}</code>
            {tool.annotations?.readOnlyHint ? <span className="label">read-only</span> : null}
            {tool.annotations?.destructiveHint ? (
              <span className="label label-bad">destructive</span>
            ) : null}
            {off.has(tool.name) ? <span className="label">off</span> : null}
          </div>
          {tool.description ? <p className="tool-description">{tool.description}</p> : null}
        </li>
      ))}
    </ul>
  );
}
