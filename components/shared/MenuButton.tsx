import { useCallback, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { useOutsidePress } from './use-outside-press';
import './menu.css';

/** One entry of a menu. */
export interface MenuAction {
  label: string;
  onSelect(): void;
  danger?: boolean;
  /** Shown but not chosen (Export with nothing to export); the arrows pass over it. */
  disabled?: boolean;
}

export interface MenuButtonProps {
  /** The button's and the menu's accessible name: "Actions for Trip plan". */
  label: string;
  /** What the button shows ("⋯", "+"). */
  content: ReactNode;
  items: readonly MenuAction[];
  /**
   * The wrapper's class; the button's is `${className}-button`, the menu's `${className}-items`
   * besides `menu-items`, the look all menus share (menu.css).
   */
  className: string;
  /** The button's extra classes ("quiet"). */
  buttonClass?: string;
  /** The menu's own name, when it differs from the button's. */
  menuLabel?: string;
  title?: string;
  disabled?: boolean;
}

/**
 * A button that opens a menu of actions: the first takes the focus, the arrows move between
 * them, a choice or a click outside closes it, and Escape closes it with the focus back on the
 * button.
 */
export function MenuButton(props: MenuButtonProps) {
  const { label, items, className } = props;
  const first = items.findIndex((item) => !item.disabled);
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const shut = useCallback(() => setOpen(false), []);
  useOutsidePress(open, root, shut);
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (!open) return;
    if (event.key === 'Escape') {
      event.stopPropagation();
      setOpen(false);
      button.current?.focus();
      return;
    }
    if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
    event.preventDefault();
    const entries = [
      ...(root.current?.querySelectorAll<HTMLButtonElement>('[role="menuitem"]') ?? []),
    ].filter((entry) => !entry.disabled);
    const at = entries.indexOf(document.activeElement as HTMLButtonElement);
    const step = event.key === 'ArrowDown' ? 1 : -1;
    entries[(at + step + entries.length) % entries.length]?.focus();
  };
  return (
    <div ref={root} className={className} onKeyDown={onKeyDown}>
      <button
        ref={button}
        type="button"
        className={`${props.buttonClass ?? ''} ${className}-button`.trim()}
        aria-label={label}
        aria-haspopup="menu"
        aria-expanded={open}
        {...(props.title ? { title: props.title } : {})}
        disabled={props.disabled}
        onClick={() => setOpen(!open)}
      >
        {props.content}
      </button>
      {open ? (
        <div
          role="menu"
          aria-label={props.menuLabel ?? label}
          className={`menu-items ${className}-items`}
        >
          {items.map((item, index) => (
            <button
              key={item.label}
              type="button"
              role="menuitem"
              autoFocus={index === first}
              disabled={item.disabled}
              {...(item.danger ? { className: 'danger' } : {})}
              onClick={() => {
                setOpen(false);
                item.onSelect();
              }}
            >
              {item.label}
            </button>
          ))}
        </div>
      ) : null}
    </div>
  );
}
