import type { PickerKind } from '../../src/composer/picker-query';
import { MenuButton } from '../shared/MenuButton';

const ITEMS: readonly { kind: PickerKind; label: string }[] = [
  { kind: 'resources', label: 'Attach a resource (@)' },
  { kind: 'prompts', label: 'Use a prompt (/)' },
];

/**
 * The composer's "+": what "@" and "/" open, as a menu for the mouse and the keyboard.
 * Choosing one opens the same picker the character does.
 */
export function AddMenu({
  kinds,
  disabled,
  onPick,
}: {
  /** The pickers the composer offers. */
  kinds: Record<PickerKind, boolean>;
  disabled: boolean;
  onPick(kind: PickerKind): void;
}) {
  const items = ITEMS.filter((item) => kinds[item.kind]).map((item) => ({
    label: item.label,
    onSelect: () => onPick(item.kind),
  }));
  if (items.length === 0) return null;
  return (
    <MenuButton
      label="Add a resource or a prompt"
      menuLabel="Add to your message"
      title="Attach a resource (@) or use a prompt (/)"
      content={<span aria-hidden="true">+</span>}
      items={items}
      className="add-menu"
      disabled={disabled}
    />
  );
}
