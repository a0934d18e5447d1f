import { useCallback, useEffect, useRef, useState } from 'react';

/** Long enough that typing a word asks the server once, short enough to feel immediate. */
export const COMPLETION_DELAY_MS = 200;
/** A server may offer up to 100 values; a field's dropdown shows the first few. */
const MAX_SUGGESTIONS = 20;

export type CompleteValue = (value: string) => Promise<string[]>;

/**
 * Suggestions for one field, asked for a moment after the typing stops. Only the latest request
 * applies: an answer that arrives after a newer request was made is dropped, so a slow server
 * cannot replace fresh suggestions with ones for text the person has already changed. A failed
 * request leaves no suggestions and no error; completions are a convenience.
 */
export function useDebouncedCompletions(
  complete: CompleteValue | undefined,
  delayMs = COMPLETION_DELAY_MS,
) {
  const [suggestions, setSuggestions] = useState<string[]>([]);
  const latest = useRef(0);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(
    () => () => {
      clearTimeout(timer.current);
      latest.current += 1;
    },
    [],
  );

  const request = useCallback(
    (value: string) => {
      latest.current += 1;
      const id = latest.current;
      clearTimeout(timer.current);
      if (!complete) return;
      timer.current = setTimeout(() => {
        const answer = (values: string[]) => {
          if (id === latest.current) setSuggestions(values.slice(0, MAX_SUGGESTIONS));
        };
        complete(value).then(answer, () => answer([]));
      }, delayMs);
    },
    [complete, delayMs],
  );

  const clear = useCallback(() => {
    latest.current += 1;
    clearTimeout(timer.current);
    setSuggestions([]);
  }, []);

  return { suggestions, request, clear };
}
