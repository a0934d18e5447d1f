import { useId } from 'react';
import { AttachmentChips } from './AttachmentChips';
import type { ComposerProps } from './composer-props';
import { ChosenItemFormSlot } from './chosen-item-form-slot';
import { comboboxAttributes, PickerMenu } from './PickerMenu';
import { AddMenu } from './AddMenu';
import { MessageForm } from './MessageForm';
import { useComposerText } from './use-composer-text';
import { useComposerPicker } from './use-composer-picker';
import { useComposerSend } from './use-composer-send';
import { useChosenItem } from './use-chosen-item';

export type { Attachment } from '../../src/composer/attachment';
export type { CompletionRequest } from './ChosenItemForm';

export type { ComposerProps, ComposerServer } from './composer-props';

const NONE: never[] = [];

export function Composer(props: ComposerProps) {
  const { disabledReason } = props;
  const servers = props.servers ?? NONE;
  const attachments = props.attachments ?? NONE;
  const composer = useComposerText(props);
  const chosen = useChosenItem(props, attachments, composer.afterRenderRef);
  const { form } = chosen;
  const listboxId = useId();

  const { enabled, picker, activeIndex, ...pickers } = useComposerPicker(props, composer, {
    blocked: Boolean(form || disabledReason),
    onChoose: chosen.choose,
  });
  const send = useComposerSend(props, {
    text: composer.text,
    attachmentCount: attachments.length,
    onSent: () => pickers.update('', 0),
    onPickerKey: pickers.onKey,
  });
  const pickersAvailable = enabled.resources || enabled.prompts;

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
          onChoose={(index) => pickers.choose(picker.choices[index])}
          onHighlight={pickers.highlightRow}
        />
      ) : null}
      <AttachmentChips
        attachments={attachments}
        servers={servers}
        onDetach={(uri) => props.onDetach?.(uri)}
      />
      {props.chips}
      {form ? (
        <ChosenItemFormSlot
          form={form}
          servers={servers}
          onComplete={props.onComplete}
          {...chosen.formDone}
        />
      ) : null}
      <MessageForm
        textareaRef={composer.textareaRef}
        text={composer.text}
        busy={props.busy}
        disabledReason={disabledReason}
        sendable={send.sendable}
        pickersAvailable={pickersAvailable}
        combobox={comboboxAttributes(
          pickersAvailable,
          listboxId,
          picker && { count: picker.choices.length, activeIndex },
        )}
        addMenu={
          <AddMenu
            kinds={enabled}
            disabled={Boolean(disabledReason || form)}
            onPick={pickers.open}
          />
        }
        onFiles={props.onFiles}
        onSubmit={send.submit}
        onStop={props.onStop}
        onChange={pickers.update}
        onSelect={pickers.select}
        onKeyDown={send.onKeyDown}
      />
    </div>
  );
}
