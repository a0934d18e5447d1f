/**
 * The composer's text and caret, and the textarea they live in: what is typed, text put in from
 * outside (an example question, an entry point's request), and the caret or focus to set once
 * React has rendered the new text.
 */
import { useLayoutEffect, useRef, useState } from 'react';
import type { ComposerProps } from './composer-props';
import { useComposerFill, useComposerRequest } from './use-outside-text';

/** The caret to set and whether to focus, once the text set before it has rendered. */
export interface AfterRender {
  caret?: number;
  focus?: boolean;
}

export function useComposerText(
  props: Pick<ComposerProps, 'request' | 'onRequestApplied' | 'fill'>,
) {
  const [text, setText] = useState('');
  const [caret, setCaret] = useState(0);
  const textareaRef = useRef<HTMLTextAreaElement>(null);
  const afterRenderRef = useRef<AfterRender>({});
  // The text as last set, ahead of rendering: React derives onSelect from the same keydown that
  // chooses an item, so that event still carries the text from before the choice.
  const latestTextRef = useRef('');

  useComposerRequest(props.request, props.onRequestApplied, {
    textareaRef,
    latestTextRef,
    afterRenderRef,
    setText,
    setCaret,
  });
  useComposerFill(props.fill, {
    textareaRef,
    latestTextRef,
    setText,
    setCaret,
  });

  useLayoutEffect(() => {
    const { caret: nextCaret, focus } = afterRenderRef.current;
    afterRenderRef.current = {};
    if (focus) textareaRef.current?.focus();
    if (nextCaret !== undefined) textareaRef.current?.setSelectionRange(nextCaret, nextCaret);
  });

  /** Sets the text and the caret together, the latest text at once. */
  const put = (nextText: string, nextCaret: number) => {
    latestTextRef.current = nextText;
    setText(nextText);
    setCaret(nextCaret);
  };

  return { text, caret, textareaRef, afterRenderRef, latestTextRef, put };
}

export type ComposerText = ReturnType<typeof useComposerText>;
