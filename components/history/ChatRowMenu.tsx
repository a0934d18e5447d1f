import { MenuButton, type MenuAction } from '../shared/MenuButton';

export type { MenuAction as ChatMenuAction } from '../shared/MenuButton';

/**
 * A chat's actions behind one "⋯" button: a row of the chat list's (Rename, Export, Delete),
 * or the open chat's beside its title (Export).
 */
export function ChatRowMenu({ label, items }: { label: string; items: readonly MenuAction[] }) {
  return (
    <MenuButton
      label={label}
      content="⋯"
      items={items}
      className="chat-row-menu"
      buttonClass="quiet"
    />
  );
}
