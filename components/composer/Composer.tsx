import {
  useId,
  useLayoutEffect,
  useRef,
  useState,
  type FormEvent,
  type KeyboardEvent,
} from 'react';
import {
  attachmentFromResource,
  attachmentFromTemplate,
  type Attachment,
} from '../../src/composer/attachment';
import {
  detectTrigger,
  insertTrigger,
  removeTrigger,
  type PickerKind,
  type PickerTrigger,
} from '../../src/composer/picker-query';
import { composerKeyAction } from '../../src/composer/composer-keys';
import { expandTemplate, templateVariables } from '../../src/composer/uri-template';
import { AttachmentChips } from './AttachmentChips';
import { fileTargets } from './file-targets';
import { useComposerFill, useComposerRequest } from './use-outside-text';
import type { ComposerProps } from './composer-props';
import { ChosenItemForm, type ChosenItem } from './ChosenItemForm';
import { pickerContent, type PickerChoice } from './picker-items';
import { comboboxAttributes, PickerMenu } from './PickerMenu';
import { AddMenu } from './AddMenu';

export type { Attachment } from '../../src/composer/attachment';
export type { CompletionRequest } from './ChosenItemForm';

export type { ComposerProps, ComposerServer } from './composer-props';

const NONE: never[] = [];

export function Composer(props: ComposerProps) {
  const { busy, disabledReason, onSend, onStop } = props;
  const servers = props.servers ?? NONE;
  const attachments = props.attachments ?? NONE;
  const [text, setText] = useState('');
  const [caret, setCaret] = useState(0);
  // The picker the person closed with Escape stays closed while the caret is in the same word.
  const [dismissed, setDismissed] = useState<{ kind: PickerKind; start: number } | undefined>();
  // The highlighted row belongs to one query: typing more starts again at the top.
  const [highlight, setHighlight] = useState({ query: '', index: 0 });
  const [form, setForm] = useState<ChosenItem | undefined>();
  const textarea = useRef<HTMLTextAreaElement>(null);
  const afterRender = useRef<{ caret?: number; focus?: boolean }>({});
  // The text as last set, ahead of rendering: React derives onSelect from the same keydown that
  // chooses an item, so that event still carries the text from before the choice.
  const latestText = useRef('');
  const listboxId = useId();

  useComposerRequest(props.request, props.onRequestApplied, {
    textareaRef: textarea,
    latestTextRef: latestText,
    afterRenderRef: afterRender,
    setText,
    setCaret,
  });
  useComposerFill(props.fill, {
    textareaRef: textarea,
    latestTextRef: latestText,
    setText,
    setCaret,
  });

  useLayoutEffect(() => {
    const { caret: nextCaret, focus } = afterRender.current;
    afterRender.current = {};
    if (focus) textarea.current?.focus();
    if (nextCaret !== undefined) textarea.current?.setSelectionRange(nextCaret, nextCaret);
  });

  const enabled: Record<PickerKind, boolean> = {
    resources: Boolean(props.onAttach),
    prompts: Boolean(props.onRunPrompt),
  };
  const openTrigger = (
    nextText: string,
    nextCaret: number,
    closed: typeof dismissed,
  ): PickerTrigger | undefined => {
    if (form || disabledReason) return undefined;
    const found = detectTrigger(nextText, nextCaret);
    if (!found || !enabled[found.kind]) return undefined;
    if (closed?.kind === found.kind && closed.start === found.start) return undefined;
    return found;
  };
  const trigger = openTrigger(text, caret, dismissed);
  const picker = trigger
    ? pickerContent(trigger, {
        resources: props.resources ?? NONE,
        templates: props.templates ?? NONE,
        prompts: props.prompts ?? NONE,
        servers,
      })
    : undefined;
  const highlightQuery = trigger ? `${trigger.kind}:${trigger.start}:${trigger.query}` : '';
  const activeIndex =
    picker && highlight.query === highlightQuery
      ? Math.min(highlight.index, Math.max(0, picker.choices.length - 1))
      : 0;

  const update = (nextText: string, nextCaret: number) => {
    const found = detectTrigger(nextText, nextCaret);
    const stillClosed =
      dismissed && found?.kind === dismissed.kind && found.start === dismissed.start
        ? dismissed
        : undefined;
    const next = openTrigger(nextText, nextCaret, stillClosed);
    if (next && next.kind !== trigger?.kind) props.onPickerOpen?.(next.kind);
    latestText.current = nextText;
    setText(nextText);
    setCaret(nextCaret);
    setDismissed(stillClosed);
  };

  /** The "+" menu's choice: its character put in, and the picker it opens. */
  const openPicker = (kind: PickerKind) => {
    const next = insertTrigger(latestText.current, caret, kind);
    afterRender.current = { caret: next.caret, focus: true };
    update(next.text, next.caret);
  };

  const attach = (attachment: Attachment) => {
    // Attaching the same resource twice would send it twice.
    if (attachments.some((attached) => attached.uri === attachment.uri)) return;
    props.onAttach?.(attachment);
  };

  const choose = (choice: PickerChoice | undefined) => {
    if (!trigger || !choice) return;
    const removed = removeTrigger(text, trigger);
    latestText.current = removed.text;
    setText(removed.text);
    setCaret(removed.caret);
    afterRender.current = { caret: removed.caret };
    if (choice.type === 'resource') {
      attach(attachmentFromResource(choice.resource));
    } else if (choice.type === 'template') {
      const { template } = choice;
      if (templateVariables(template.uriTemplate).length > 0)
        setForm({ kind: 'template', template });
      else attach(attachmentFromTemplate(template, expandTemplate(template.uriTemplate, {})));
    } else if (choice.prompt.arguments.length > 0) {
      setForm({ kind: 'prompt', prompt: choice.prompt });
    } else {
      props.onRunPrompt?.(choice.prompt, {});
    }
  };

  const closeForm = () => {
    setForm(undefined);
    afterRender.current = { focus: true };
  };

  // Text, or an attached resource or image, makes a message.
  const sendable =
    Boolean(text.trim()) || attachments.length > 0 || Boolean(props.sendsWithoutText);

  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    if (busy || disabledReason || !sendable) return;
    // The parent may refuse (an attachment is still being read): the text stays.
    if (onSend(text.trim()) === false) return;
    latestText.current = '';
    setText('');
    setCaret(0);
    setDismissed(undefined);
  };

  const onPickerKey = (event: KeyboardEvent<HTMLTextAreaElement>): boolean => {
    if (!picker || !trigger) return false;
    const count = picker.choices.length;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      const step = event.key === 'ArrowDown' ? 1 : -1;
      if (count > 0) {
        setHighlight({ query: highlightQuery, index: (activeIndex + step + count) % count });
      }
      return true;
    }
    if ((event.key === 'Enter' || event.key === 'Tab') && !event.shiftKey) {
      // With nothing to choose, Tab still moves the focus on; Enter never sends from here.
      if (event.key === 'Tab' && count === 0) return false;
      event.preventDefault();
      choose(picker.choices[activeIndex]);
      return true;
    }
    if (event.key === 'Escape') {
      event.preventDefault();
      setDismissed({ kind: trigger.kind, start: trigger.start });
      return true;
    }
    return false;
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.nativeEvent.isComposing) return;
    if (onPickerKey(event)) return;
    const action = composerKeyAction(
      { key: event.key, shiftKey: event.shiftKey, isComposing: false },
      { busy, empty: !text, canEditLast: Boolean(props.onEditLast) },
    );
    if (action) event.preventDefault();
    if (action === 'send') submit();
    else if (action === 'stop') onStop();
    else if (action === 'edit-last') props.onEditLast?.();
  };

  const pickersAvailable = enabled.resources || enabled.prompts;
  const combobox = comboboxAttributes(
    pickersAvailable,
    listboxId,
    picker && { count: picker.choices.length, activeIndex },
  );

  return (
    <div className="composer-stack">
      {picker ? (
        <PickerMenu
          id={listboxId}
          label={picker.label}
          groups={picker.groups}
          activeIndex={activeIndex}
          hidden={picker.hidden}
          emptyText={picker.emptyText}
          onChoose={(index) => choose(picker.choices[index])}
          onHighlight={(index) => setHighlight({ query: highlightQuery, index })}
        />
      ) : null}
      <AttachmentChips
        attachments={attachments}
        servers={servers}
        onDetach={(uri) => props.onDetach?.(uri)}
      />
      {props.chips}
      {form ? (
        <ChosenItemForm
          form={form}
          servers={servers}
          onComplete={props.onComplete}
          onRunPrompt={(prompt, values) => {
            props.onRunPrompt?.(prompt, values);
            closeForm();
          }}
          onAttach={(attachment) => {
            attach(attachment);
            closeForm();
          }}
          onCancel={closeForm}
        />
      ) : null}
      <form className="composer" onSubmit={submit} {...fileTargets(props.onFiles)}>
        <AddMenu kinds={enabled} disabled={Boolean(disabledReason || form)} onPick={openPicker} />
        <textarea
          ref={textarea}
          aria-label="Message"
          placeholder={
            disabledReason ??
            (pickersAvailable
              ? 'Ask anything (@ attach, / prompt)'
              : 'Ask anything… (Enter to send, Shift+Enter for a new line)')
          }
          value={text}
          rows={1}
          {...combobox}
          onChange={(event) => update(event.target.value, event.target.selectionStart)}
          onSelect={(event) => {
            if (event.currentTarget.value !== latestText.current) return;
            update(event.currentTarget.value, event.currentTarget.selectionStart);
          }}
          onKeyDown={onKeyDown}
          disabled={Boolean(disabledReason)}
        />
        {busy ? (
          <button type="button" onClick={onStop}>
            Stop
          </button>
        ) : (
          <button type="submit" className="primary" disabled={Boolean(disabledReason) || !sendable}>
            Send
          </button>
        )}
      </form>
    </div>
  );
}
