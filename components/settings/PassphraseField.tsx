/** A passphrase input with its label (never autofilled with a saved password). */
export function PassphraseField(props: {
  label: string;
  value: string;
  onChange(value: string): void;
  /** A passphrase being chosen (new) or typed to open a file. */
  choosing?: boolean;
}) {
  return (
    <label>
      {props.label}
      <input
        type="password"
        autoComplete={props.choosing ? 'new-password' : 'off'}
        value={props.value}
        onChange={(event) => props.onChange(event.target.value)}
      />
    </label>
  );
}
