/**
 * The server's suggestions for one argument: asked for while the field has focus and as the
 * person types, the one highlighted with the arrows, and Escape that closes them.
 */
import { useState, type KeyboardEvent } from 'react';
import { useDebouncedCompletions, type CompleteValue } from './use-debounced-completions';

/** The next highlighted row; from none, down starts at the top and up at the bottom. */
function nextIndex(current: number, step: number, count: number): number {
  if (current < 0) return step > 0 ? 0 : count - 1;
  return (current + step + count) % count;
}

export function useArgumentSuggestions(
  value: string,
  complete: CompleteValue | undefined,
  onChange: (value: string) => void,
) {
  const { suggestions, request, clear } = useDebouncedCompletions(complete);
  const [focused, setFocused] = useState(false);
  const [dismissed, setDismissed] = useState(false);
  const [active, setActive] = useState(-1);
  const open = focused && !dismissed && suggestions.length > 0;
  const activeIndex = Math.min(active, suggestions.length - 1);

  const change = (next: string) => {
    onChange(next);
    setDismissed(false);
    setActive(-1);
    request(next);
  };
  const pick = (suggestion: string) => {
    onChange(suggestion);
    setActive(-1);
    clear();
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.nativeEvent.isComposing) return;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      if (suggestions.length === 0) return;
      event.preventDefault();
      setDismissed(false);
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive(nextIndex(activeIndex, step, suggestions.length));
    } else if (event.key === 'Enter' && open && activeIndex >= 0) {
      // Enter picks the highlighted suggestion; with none highlighted it submits the form.
      event.preventDefault();
      pick(suggestions[activeIndex]!);
    } else if (event.key === 'Escape' && open) {
      // Closes the suggestions only; a second Escape reaches the form and closes it.
      event.preventDefault();
      event.stopPropagation();
      setDismissed(true);
      setActive(-1);
    }
  };
  const onFocus = () => {
    setFocused(true);
    request(value);
  };
  const onBlur = () => setFocused(false);

  return { suggestions, open, activeIndex, change, pick, onKeyDown, onFocus, onBlur };
}
