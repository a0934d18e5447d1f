/** The server's suggestions under an argument; the mouse chooses without taking the focus. */
export function SuggestionList({
  id,
  label,
  suggestions,
  activeIndex,
  onPick,
}: {
  id: string;
  label: string;
  suggestions: readonly string[];
  activeIndex: number;
  onPick(suggestion: string): void;
}) {
  return (
    <ul
      id={id}
      role="listbox"
      aria-label={`Suggestions for ${label}`}
      className="argument-suggestions"
    >
      {suggestions.map((suggestion, index) => (
        <li
          key={`${index}:${suggestion}`}
          id={`${id}-${index}`}
          role="option"
          aria-selected={index === activeIndex}
          className="picker-option"
          onMouseDown={(event) => event.preventDefault()}
          onClick={() => onPick(suggestion)}
        >
          {suggestion}
        </li>
      ))}
    </ul>
  );
}
