/**
 * What a picker's choice does: a resource is attached, a template or prompt with blanks to fill
 * opens its form, a prompt without arguments runs at once.
 */
import { useState, type RefObject } from 'react';
import {
  attachmentFromResource,
  attachmentFromTemplate,
  type Attachment,
} from '../../src/composer/attachment';
import { expandTemplate, templateVariables } from '../../src/composer/uri-template';
import type { PromptView } from '../../src/messaging/features-contract';
import type { ChosenItem } from './ChosenItemForm';
import type { ComposerProps } from './composer-props';
import type { PickerChoice } from './picker-items';
import type { AfterRender } from './use-composer-text';

export function useChosenItem(
  props: Pick<ComposerProps, 'onAttach' | 'onRunPrompt'>,
  attachments: readonly Attachment[],
  afterRenderRef: RefObject<AfterRender>,
) {
  const [form, setForm] = useState<ChosenItem | undefined>();

  const attach = (attachment: Attachment) => {
    // Attaching the same resource twice would send it twice.
    if (attachments.some((attached) => attached.uri === attachment.uri)) return;
    props.onAttach?.(attachment);
  };

  const choose = (choice: PickerChoice) => {
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
    afterRenderRef.current = { focus: true };
  };

  /** The form's outcomes: each closes it. */
  const formDone = {
    onRunPrompt: (prompt: PromptView, values: Record<string, string>) => {
      props.onRunPrompt?.(prompt, values);
      closeForm();
    },
    onAttach: (attachment: Attachment) => {
      attach(attachment);
      closeForm();
    },
    onCancel: closeForm,
  };

  return { form, choose, formDone };
}
