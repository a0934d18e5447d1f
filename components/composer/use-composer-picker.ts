/**
 * The "@" and "/" pickers: which one the text under the caret opens, the row highlighted in it,
 * the one the person closed with Escape, and the keys that move through it and choose.
 */
import { useState, type KeyboardEvent } from 'react';
import {
  detectTrigger,
  insertTrigger,
  removeTrigger,
  type PickerKind,
  type PickerTrigger,
} from '../../src/composer/picker-query';
import { pickerKeyAction } from '../../src/composer/composer-keys';
import { pickerContent, type PickerChoice } from './picker-items';
import type { ComposerProps } from './composer-props';
import type { ComposerText } from './use-composer-text';

const NONE: never[] = [];

/** The highlighted row belongs to one query: typing more starts again at the top. */
function usePickerHighlight(trigger: PickerTrigger | undefined, count: number | undefined) {
  const [highlight, setHighlight] = useState({ query: '', index: 0 });
  const query = trigger ? `${trigger.kind}:${trigger.start}:${trigger.query}` : '';
  const activeIndex =
    count !== undefined && highlight.query === query
      ? Math.min(highlight.index, Math.max(0, count - 1))
      : 0;
  const highlightRow = (index: number) => setHighlight({ query, index });
  return { activeIndex, highlightRow };
}

export function useComposerPicker(
  props: Pick<
    ComposerProps,
    'onAttach' | 'onRunPrompt' | 'onPickerOpen' | 'resources' | 'templates' | 'prompts' | 'servers'
  >,
  composer: ComposerText,
  options: {
    /** A form is open or the composer is off: no picker opens. */
    blocked: boolean;
    /** A row chosen; its trigger text is already gone from the composer. */
    onChoose(choice: PickerChoice): void;
  },
) {
  const { blocked } = options;
  const { text, caret, put, afterRenderRef, latestTextRef } = composer;
  // The picker the person closed with Escape stays closed while the caret is in the same word.
  const [dismissed, setDismissed] = useState<{ kind: PickerKind; start: number } | undefined>();

  const openTrigger = (
    nextText: string,
    nextCaret: number,
    closed: typeof dismissed,
  ): PickerTrigger | undefined => {
    if (blocked) return undefined;
    const found = detectTrigger(nextText, nextCaret);
    if (!found || !enabled[found.kind]) return undefined;
    if (closed?.kind === found.kind && closed.start === found.start) return undefined;
    return found;
  };
  const enabled: Record<PickerKind, boolean> = {
    resources: Boolean(props.onAttach),
    prompts: Boolean(props.onRunPrompt),
  };
  const trigger = openTrigger(text, caret, dismissed);
  const picker = trigger
    ? pickerContent(trigger, {
        resources: props.resources ?? NONE,
        templates: props.templates ?? NONE,
        prompts: props.prompts ?? NONE,
        servers: props.servers ?? NONE,
      })
    : undefined;
  const { activeIndex, highlightRow } = usePickerHighlight(trigger, picker?.choices.length);

  const update = (nextText: string, nextCaret: number) => {
    const found = detectTrigger(nextText, nextCaret);
    const stillClosed =
      dismissed && found?.kind === dismissed.kind && found.start === dismissed.start
        ? dismissed
        : undefined;
    const next = openTrigger(nextText, nextCaret, stillClosed);
    if (next && next.kind !== trigger?.kind) props.onPickerOpen?.(next.kind);
    put(nextText, nextCaret);
    setDismissed(stillClosed);
  };

  /**
   * The caret moved. React derives onSelect from the same keydown that chooses an item, so that
   * event may still carry the text from before the choice: only the latest text counts.
   */
  const select = (nextText: string, nextCaret: number) => {
    if (nextText === latestTextRef.current) update(nextText, nextCaret);
  };

  /** The "+" menu's choice: its character put in, and the picker it opens. */
  const open = (kind: PickerKind) => {
    const next = insertTrigger(latestTextRef.current, caret, kind);
    afterRenderRef.current = { caret: next.caret, focus: true };
    update(next.text, next.caret);
  };

  const choose = (choice: PickerChoice | undefined) => {
    if (!trigger || !choice) return;
    const removed = removeTrigger(text, trigger);
    put(removed.text, removed.caret);
    afterRenderRef.current = { caret: removed.caret };
    options.onChoose(choice);
  };

  /** Arrows, Enter, Tab and Escape while a picker is open; true when the key was its. */
  const onKey = (event: KeyboardEvent<HTMLTextAreaElement>): boolean => {
    if (!picker || !trigger) return false;
    const count = picker.choices.length;
    const action = pickerKeyAction(event, count);
    if (!action) return false;
    event.preventDefault();
    if (action === 'choose') choose(picker.choices[activeIndex]);
    else if (action === 'dismiss') setDismissed({ kind: trigger.kind, start: trigger.start });
    else if (count > 0) highlightRow((activeIndex + action.move + count) % count);
    return true;
  };

  return { enabled, picker, activeIndex, update, select, open, choose, highlightRow, onKey };
}
