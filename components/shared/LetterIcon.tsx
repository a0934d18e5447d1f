import { letterColor, letterOf } from '../../src/ui/letter-icon';

/**
 * A coloured circle with the first letter of `name`: the icon of whatever has none of its own
 * (src/ui/letter-icon.ts). Decorative: the name is always written beside it.
 */
export function LetterIcon({ name, className }: { name: string; className: string }) {
  return (
    <span
      className={`${className} letter-icon`}
      style={{ background: letterColor(name) }}
      aria-hidden="true"
      data-letter-icon=""
    >
      {letterOf(name)}
    </span>
  );
}
