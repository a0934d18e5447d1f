/**
 * Which of a user's extensions a client means: the one named (by id, else by name: a browser
 * named like another's id is not taken for it), or the only one.
 */
export function chooseExtension<T extends { id: string; name: string }>(
  extensions: readonly T[],
  named: string | undefined,
): T | { error: string; reason: 'none' | 'ambiguous' | 'unknown' } {
  const choice = named
    ? (extensions.find((extension) => extension.id === named) ??
      extensions.find((extension) => extension.name === named))
    : extensions.length === 1
      ? extensions[0]
      : undefined;
  if (choice) return choice;
  if (named) return { error: 'Extension not found or not accessible', reason: 'unknown' };
  return {
    reason: extensions.length ? 'ambiguous' : 'none',
    error: extensions.length
      ? `${extensions.length} browsers are connected: name one with the X-Patchbay-Extension header or the extension query parameter.`
      : 'No browser is connected to the relay.',
  };
}
