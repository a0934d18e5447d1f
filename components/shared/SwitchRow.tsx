/**
 * A settings switch with its words beside it: the panel's switch (a track that shows the focus
 * ring), named by those words.
 */
export function SwitchRow({
  label,
  text = label,
  on,
  disabled = false,
  onChange,
}: {
  label: string;
  /** The words shown, when they say more than the switch's name. */
  text?: string;
  on: boolean;
  disabled?: boolean;
  onChange(on: boolean): void;
}) {
  return (
    <div className="switch-row">
      <label className="switch">
        <input
          type="checkbox"
          role="switch"
          aria-label={label}
          checked={on}
          disabled={disabled}
          onChange={(event) => onChange(event.target.checked)}
        />
        <span />
      </label>
      {text}
    </div>
  );
}
