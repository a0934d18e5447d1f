import { useCallback, useId, useRef, useState, type ReactNode } from 'react';
import { useOutsidePress } from '../shared/use-outside-press';

export interface PopoverProps {
  /** The button's content. */
  label: ReactNode;
  /** The button's accessible name, when its content alone would not say what it opens. */
  buttonLabel: string;
  className?: string;
  /** Called as the panel opens (e.g. to ask for what it lists). */
  onOpen?(): void;
  /** The panel's content; `close` closes it (after a choice). */
  children(close: () => void): ReactNode;
}

/**
 * A button that shows a panel under it: closes on Escape (focus back on the button), on a
 * click outside, and when the content calls `close`.
 */
export function Popover({ label, buttonLabel, className, onOpen, children }: PopoverProps) {
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const panelId = useId();
  const buttonId = useId();
  const shut = useCallback(() => setOpen(false), []);
  useOutsidePress(open, root, shut);
  const close = () => {
    setOpen(false);
    document.getElementById(buttonId)?.focus();
  };
  return (
    <div
      ref={root}
      className={`popover ${className ?? ''}`}
      onKeyDown={(event) => {
        if (event.key !== 'Escape' || !open) return;
        event.stopPropagation();
        close();
      }}
    >
      <button
        id={buttonId}
        type="button"
        className="popover-button"
        aria-label={buttonLabel}
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        onClick={() => {
          if (!open) onOpen?.();
          setOpen(!open);
        }}
      >
        {label}
        <span aria-hidden="true">▾</span>
      </button>
      {open ? (
        <div id={panelId} className="popover-panel">
          {children(close)}
        </div>
      ) : null}
    </div>
  );
}
