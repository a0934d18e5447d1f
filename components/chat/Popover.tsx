import { useCallback, useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { useOutsidePress } from '../shared/use-outside-press';

export interface PopoverProps {
  /** The button's content. */
  label: ReactNode;
  /** The button's accessible name, when its content alone would not say what it opens. */
  buttonLabel: string;
  className?: string;
  /** Called as the panel opens from its button (e.g. to ask for what it lists). */
  onOpen?(): void;
  /**
   * Opens the panel, its first control focused, each time it changes: asked from elsewhere,
   * which then asks for what it lists itself.
   */
  openRequest?: number;
  /** The panel's content; `close` closes it (after a choice). */
  children(close: () => void): ReactNode;
}

/**
 * A button that shows a panel under it: closes on Escape (focus back on the button), on a
 * click outside, and when the content calls `close`.
 */
export function Popover({
  label,
  buttonLabel,
  className,
  onOpen,
  openRequest,
  children,
}: PopoverProps) {
  const [open, setOpen] = useState(false);
  const [request, setRequest] = useState(openRequest);
  if (openRequest !== request) {
    setRequest(openRequest);
    setOpen(true);
  }
  const firstRequest = useRef(openRequest);
  const root = useRef<HTMLDivElement>(null);
  const panelId = useId();
  const buttonId = useId();
  const shut = useCallback(() => setOpen(false), []);
  useOutsidePress(open, root, shut);
  // Opened by a request: its first control takes the focus, as the person came from elsewhere.
  useEffect(() => {
    if (openRequest === firstRequest.current) return;
    root.current
      ?.querySelector<HTMLElement>('.popover-panel input, .popover-panel button, .popover-panel')
      ?.focus();
  }, [openRequest]);
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
        <div id={panelId} className="popover-panel" tabIndex={-1}>
          {children(close)}
        </div>
      ) : null}
    </div>
  );
}
