import { useCallback, useRef, useState } from 'react';
import { useOutsidePress } from '../shared/use-outside-press';

/**
 * A chat row's actions behind one "⋯" button: Rename and Delete, as a menu that closes on a
 * choice, on Escape (focus back on the button) and on a click outside.
 */
export function ChatRowMenu({
  title,
  onRename,
  onDelete,
}: {
  title: string;
  onRename(): void;
  onDelete(): void;
}) {
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const shut = useCallback(() => setOpen(false), []);
  useOutsidePress(open, root, shut);
  const choose = (action: () => void) => () => {
    setOpen(false);
    action();
  };
  return (
    <div
      ref={root}
      className="chat-row-menu"
      onKeyDown={(event) => {
        if (event.key !== 'Escape' || !open) return;
        event.stopPropagation();
        setOpen(false);
        button.current?.focus();
      }}
    >
      <button
        ref={button}
        type="button"
        className="link chat-row-menu-button"
        aria-label={`Actions for ${title}`}
        aria-haspopup="menu"
        aria-expanded={open}
        onClick={() => setOpen(!open)}
      >
        ⋯
      </button>
      {open ? (
        <div role="menu" aria-label={`Actions for ${title}`} className="chat-row-menu-items">
          <button type="button" role="menuitem" autoFocus onClick={choose(onRename)}>
            Rename
          </button>
          <button type="button" role="menuitem" className="danger" onClick={choose(onDelete)}>
            Delete
          </button>
        </div>
      ) : null}
    </div>
  );
}
