/**
 * Sending from the composer: when there is something to send, the Send button, and the keys
 * that send, stop the answer, or go back to edit the last message.
 */
import type { FormEvent, KeyboardEvent } from 'react';
import { composerKeyAction } from '../../src/composer/composer-keys';
import type { ComposerProps } from './composer-props';

export function useComposerSend(
  props: Pick<ComposerProps, 'busy' | 'disabledReason' | 'onSend' | 'onStop' | 'onEditLast'> &
    Pick<ComposerProps, 'sendsWithoutText'>,
  composer: {
    text: string;
    attachmentCount: number;
    /** The text sent: the composer empties. */
    onSent(): void;
    /** An open picker's keys come first; true when it took the key. */
    onPickerKey(event: KeyboardEvent<HTMLTextAreaElement>): boolean;
  },
) {
  const { busy, disabledReason, onStop } = props;
  const { text } = composer;
  // Text, or an attached resource or image, makes a message.
  const sendable =
    Boolean(text.trim()) || composer.attachmentCount > 0 || Boolean(props.sendsWithoutText);

  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    if (busy || disabledReason || !sendable) return;
    // The parent may refuse (an attachment is still being read): the text stays.
    if (props.onSend(text.trim()) === false) return;
    composer.onSent();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.nativeEvent.isComposing) return;
    if (composer.onPickerKey(event)) return;
    const action = composerKeyAction(
      { key: event.key, shiftKey: event.shiftKey, isComposing: false },
      { busy, empty: !text, canEditLast: Boolean(props.onEditLast) },
    );
    if (action) event.preventDefault();
    if (action === 'send') submit();
    else if (action === 'stop') onStop();
    else if (action === 'edit-last') props.onEditLast?.();
  };

  return { sendable, submit, onKeyDown };
}
