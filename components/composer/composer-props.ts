import type { ReactNode } from 'react';
import type { Attachment } from '../../src/composer/attachment';
import type { PickerKind } from '../../src/composer/picker-query';
import type { ComposerRequest } from '../../src/panel-entry/composer-request';
import type {
  PromptView,
  ResourceTemplateView,
  ResourceView,
} from '../../src/messaging/features-contract';
import type { CompletionRequest } from './ChosenItemForm';
import type { ComposerFill } from './use-outside-text';

/** What the chat's composer takes (components/composer/Composer.tsx). */
export interface ComposerServer {
  id: string;
  name: string;
  iconDataUrl?: string;
}

export interface ComposerProps {
  busy: boolean;
  disabledReason?: string;
  /** Returns false to refuse the message for now; the composer then keeps the text. */
  onSend(text: string): boolean | void;
  onStop(): void;
  /** Up in an empty composer: edit the person's last message. */
  onEditLast?(): void;
  /** Every connected server's resources, for the "@" picker. */
  resources?: ResourceView[];
  templates?: ResourceTemplateView[];
  /** Every connected server's prompts, for the "/" picker. */
  prompts?: PromptView[];
  /** To show each item's server name and icon. */
  servers?: ComposerServer[];
  /** What is attached to the next message; the parent sends it with the text and clears it. */
  attachments?: Attachment[];
  /** Without it there is no "@" picker, so an "@" is just a character. */
  onAttach?(attachment: Attachment): void;
  onDetach?(uri: string): void;
  /** Without it there is no "/" picker. */
  onRunPrompt?(prompt: PromptView, args: Record<string, string>): void;
  onComplete?(request: CompletionRequest): Promise<string[]>;
  /** A picker opened, so the parent can refresh what it lists. */
  onPickerOpen?(kind: PickerKind): void;
  /**
   * Focus, and text to add after what is typed (the panel opened, the keyboard command, "Ask
   * Patchbay about this…"); nothing is sent. `onRequestApplied` runs once it is taken.
   */
  request?: ComposerRequest | undefined;
  onRequestApplied?(): void;
  /** Files pasted or dropped into the composer (images); without it they are ignored. */
  onFiles?(files: File[]): void;
  /** Shown above the text, beside the attached resources (the images' chips). */
  chips?: ReactNode;
  /** Something besides text waits to go (images): Send works with no text typed. */
  sendsWithoutText?: boolean;
  /** Text put in the composer from outside (an example question); a new `id` puts it again. */
  fill?: ComposerFill;
}
