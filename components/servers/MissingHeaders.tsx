/**
 * A server that arrived without a header's value (synced, or restored or exported without
 * secrets) says which to enter, each with a button to the Edit form at that field.
 */
export function MissingHeaders({
  names,
  busy,
  onEnter,
}: {
  names: readonly string[];
  busy: boolean;
  onEnter(header: string): void;
}) {
  return (
    <ul className="server-note missing-headers">
      {names.map((name) => (
        <li key={name}>
          Enter the value of <strong>{name}</strong>: secrets are not synced or exported without a
          passphrase.{' '}
          <button type="button" className="link" disabled={busy} onClick={() => onEnter(name)}>
            Enter {name}
          </button>
        </li>
      ))}
    </ul>
  );
}
