export interface ToolSwitchProps {
  on: boolean;
  label: string;
  onChange(on: boolean): void;
}

/** The small switch that lets a tool (or a whole server's tools) be offered to the model, or not. */
export function ToolSwitch({ on, label, onChange }: ToolSwitchProps) {
  return (
    <label className="switch small">
      <input
        type="checkbox"
        role="switch"
        checked={on}
        aria-label={label}
        onChange={(event) => onChange(event.target.checked)}
      />
      <span aria-hidden="true" />
    </label>
  );
}
