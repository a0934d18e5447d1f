import { useState } from 'react';
import { errorMessage } from '../../src/errors/error-message';
import type { ImportEntry } from '../../src/mcp/import-export';

/** What became of one entry once added: nothing to say, or why it could not be. */
export type ImportResult = { name: string; error?: string };

/**
 * An import as the person makes it: the pasted or chosen text, its preview (the entries it
 * holds, or why it cannot be read), and the results once the valid entries were added.
 */
export function useServerImport({
  preview,
  readFile,
}: {
  /** The entries a text holds; throws when it cannot be read. */
  preview(text: string): ImportEntry[];
  readFile(file: File): Promise<string>;
}) {
  const [text, setText] = useState('');
  const [entries, setEntries] = useState<ImportEntry[] | undefined>();
  const [error, setError] = useState<string | undefined>();
  const [results, setResults] = useState<ImportResult[] | undefined>();
  const show = (next: string) => {
    try {
      setEntries(preview(next));
      setError(undefined);
    } catch (caught) {
      setEntries(undefined);
      setError(errorMessage(caught));
    }
  };
  return {
    text,
    entries,
    error,
    results,
    setResults,
    /** Previews the text as it stands. */
    show: () => show(text),
    /** Typing drops the preview and results: they were of the text before. */
    type(next: string) {
      setText(next);
      setEntries(undefined);
      setResults(undefined);
    },
    choose: (file: File) =>
      readFile(file).then(
        (read) => {
          setText(read);
          setResults(undefined);
          show(read);
        },
        (caught: unknown) => setError(errorMessage(caught)),
      ),
  };
}
