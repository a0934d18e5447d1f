import { useState, type KeyboardEvent } from 'react';
import type { ArgumentField } from '../../src/composer/argument-fields';
import { useDebouncedCompletions, type CompleteValue } from './use-debounced-completions';

export interface ArgumentInputProps {
  id: string;
  field: ArgumentField;
  value: string;
  error?: string | undefined;
  autoFocus?: boolean;
  /** Suggestions for this field's value; absent when the composer has no way to ask. */
  complete?: CompleteValue | undefined;
  onChange(value: string): void;
}

/** The next highlighted row; from none, down starts at the top and up at the bottom. */
function nextIndex(current: number, step: number, count: number): number {
  if (current < 0) return step > 0 ? 0 : count - 1;
  return (current + step + count) % count;
}

/** One argument: its label and description, and the server's suggestions while it has focus. */
export function ArgumentInput({
  id,
  field,
  value,
  error,
  autoFocus,
  complete,
  onChange,
}: ArgumentInputProps) {
  const { suggestions, request, clear } = useDebouncedCompletions(complete);
  const [focused, setFocused] = useState(false);
  const [dismissed, setDismissed] = useState(false);
  const [active, setActive] = useState(-1);
  const listId = `${id}-suggestions`;
  const descriptionId = `${id}-description`;
  const errorId = `${id}-error`;
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

  const describedBy = [field.description ? descriptionId : '', error ? errorId : '']
    .filter(Boolean)
    .join(' ');
  return (
    <div className="argument">
      <label htmlFor={id}>
        {field.label}
        {field.required ? (
          <span className="argument-required" title="Required">
            {' '}
            *
          </span>
        ) : null}
      </label>
      {field.description ? (
        <p id={descriptionId} className="muted">
          {field.description}
        </p>
      ) : null}
      <input
        id={id}
        value={value}
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={open}
        aria-controls={open ? listId : undefined}
        aria-activedescendant={open && activeIndex >= 0 ? `${listId}-${activeIndex}` : undefined}
        aria-required={field.required}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy || undefined}
        autoComplete="off"
        // The form opens on purpose, from the picker, so its first field takes the focus.
        autoFocus={autoFocus}
        onFocus={() => {
          setFocused(true);
          request(value);
        }}
        onBlur={() => setFocused(false)}
        onChange={(event) => change(event.target.value)}
        onKeyDown={onKeyDown}
      />
      {open ? (
        <ul
          id={listId}
          role="listbox"
          aria-label={`Suggestions for ${field.label}`}
          className="argument-suggestions"
        >
          {suggestions.map((suggestion, index) => (
            <li
              key={`${index}:${suggestion}`}
              id={`${listId}-${index}`}
              role="option"
              aria-selected={index === activeIndex}
              className="picker-option"
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => pick(suggestion)}
            >
              {suggestion}
            </li>
          ))}
        </ul>
      ) : null}
      {error ? (
        <p id={errorId} className="field-error" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}
