import type { ArgumentField } from '../../src/composer/argument-fields';
import type { CompleteValue } from './use-debounced-completions';
import { useArgumentSuggestions } from './use-argument-suggestions';
import { SuggestionList } from './SuggestionList';

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
  const { open, activeIndex, ...suggestions } = useArgumentSuggestions(value, complete, onChange);
  const listId = `${id}-suggestions`;
  const descriptionId = `${id}-description`;
  const errorId = `${id}-error`;

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
        onFocus={suggestions.onFocus}
        onBlur={suggestions.onBlur}
        onChange={(event) => suggestions.change(event.target.value)}
        onKeyDown={suggestions.onKeyDown}
      />
      {open ? (
        <SuggestionList
          id={listId}
          label={field.label}
          suggestions={suggestions.suggestions}
          activeIndex={activeIndex}
          onPick={suggestions.pick}
        />
      ) : null}
      {error ? (
        <p id={errorId} className="field-error" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}
