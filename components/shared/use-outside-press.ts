import { useEffect, type RefObject } from 'react';

/** While `open`, a press anywhere outside `root` calls `onOutside` (a popover or menu closing). */
export function useOutsidePress(
  open: boolean,
  root: RefObject<HTMLElement | null>,
  onOutside: () => void,
): void {
  useEffect(() => {
    if (!open) return;
    const outside = (event: PointerEvent) => {
      if (event.target instanceof Node && !root.current?.contains(event.target)) onOutside();
    };
    document.addEventListener('pointerdown', outside);
    return () => document.removeEventListener('pointerdown', outside);
  }, [open, root, onOutside]);
}
