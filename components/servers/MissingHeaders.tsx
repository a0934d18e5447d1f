/**
 * A server that arrived without a header's value (synced, or restored or exported without
 * secrets) says which to enter; the card's action (Enter X-Key) opens the Edit form at it.
 */
export function MissingHeaders({ names }: { names: readonly string[] }) {
  const listed =
    names.length === 1
      ? `the value of ${names[0]}`
      : `the values of ${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
  return (
    <p className="server-note">
      Enter {listed}: secrets are not synced or exported without a passphrase.
    </p>
  );
}
