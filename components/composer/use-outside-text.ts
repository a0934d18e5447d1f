/**
 * Text that reaches the composer from outside it: an example question (`fill`, which replaces
 * what is typed) and an entry point's request (focus, and text added after what is typed).
 * Nothing is sent; the person does that.
 */
import { useEffect, useLayoutEffect, useRef, useState, type RefObject } from 'react';
import type { ComposerRequest } from '../../src/panel-entry/composer-request';

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

/**
 * Applies an entry point's request once (also when React runs the effect again for the same
 * one): focus, and its text after what is typed, with the caret at the end.
 */
export function useComposerRequest(
  request: ComposerRequest | undefined,
  onApplied: (() => void) | undefined,
  composer: {
    textareaRef: RefObject<HTMLTextAreaElement | null>;
    latestTextRef: RefObject<string>;
    afterRenderRef: RefObject<{ caret?: number; focus?: boolean }>;
    setText(text: string): void;
    setCaret(caret: number): void;
  },
): void {
  const { textareaRef, latestTextRef, afterRenderRef, setText, setCaret } = composer;
  const applied = useRef<string | undefined>(undefined);
  useEffect(() => {
    if (!request || applied.current === request.id) return;
    applied.current = request.id;
    onApplied?.();
    if (request.text === undefined) {
      textareaRef.current?.focus();
      return;
    }
    const typed = latestTextRef.current.trimEnd();
    const next = typed ? `${typed}\n\n${request.text}` : request.text;
    latestTextRef.current = next;
    afterRenderRef.current = { caret: next.length, focus: true };
    setText(next);
    setCaret(next.length);
  }, [request, onApplied, textareaRef, latestTextRef, afterRenderRef, setText, setCaret]);
}
