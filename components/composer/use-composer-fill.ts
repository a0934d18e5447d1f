import { useLayoutEffect, useState, type RefObject } from 'react';

/** Text put in the composer from outside; a new object puts it again (the same text too). */
export interface ComposerFill {
  text: string;
  id: number;
}

/**
 * Puts text from outside (an example question) in the composer: set while rendering (React's
 * pattern for adjusting state to a prop), then focused with the caret at its end.
 */
export function useComposerFill(
  fill: ComposerFill | undefined,
  composer: {
    textareaRef: RefObject<HTMLTextAreaElement | null>;
    latestTextRef: RefObject<string>;
    setText(text: string): void;
    setCaret(caret: number): void;
  },
): void {
  const { textareaRef, latestTextRef, setText, setCaret } = composer;
  const [filled, setFilled] = useState<ComposerFill | undefined>();
  if (fill && fill !== filled) {
    setFilled(fill);
    setText(fill.text);
    setCaret(fill.text.length);
  }
  useLayoutEffect(() => {
    if (!filled) return;
    latestTextRef.current = filled.text;
    textareaRef.current?.focus();
    textareaRef.current?.setSelectionRange(filled.text.length, filled.text.length);
  }, [filled, latestTextRef, textareaRef]);
}
