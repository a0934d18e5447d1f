import { promptFields, templateFields } from '../../src/composer/argument-fields';
import { attachmentFromTemplate, type Attachment } from '../../src/composer/attachment';
import { expandTemplate } from '../../src/composer/uri-template';
import type { PromptView, ResourceTemplateView } from '../../src/messaging/features-contract';
import { ArgumentsForm } from './ArgumentsForm';
import { serverOf, type PickerServer } from './picker-items';

/** What the composer asks the server for to suggest a value for one argument. */
export interface CompletionRequest {
  serverId: string;
  ref: { type: 'ref/prompt'; name: string } | { type: 'ref/resource'; uri: string };
  argument: { name: string; value: string };
  context?: Record<string, string>;
}

/** A prompt or template chosen in a picker whose arguments are still to be filled in. */
export type ChosenItem =
  { kind: 'template'; template: ResourceTemplateView } | { kind: 'prompt'; prompt: PromptView };

export interface ChosenItemFormProps {
  form: ChosenItem;
  servers: readonly PickerServer[];
  onComplete?: ((request: CompletionRequest) => Promise<string[]>) | undefined;
  onRunPrompt(prompt: PromptView, values: Record<string, string>): void;
  onAttach(attachment: Attachment): void;
  onCancel(): void;
}

/** The arguments form for a chosen prompt or template, wired to the server it came from. */
export function ChosenItemForm({
  form,
  servers,
  onComplete,
  onRunPrompt,
  onAttach,
  onCancel,
}: ChosenItemFormProps) {
  if (form.kind === 'prompt') {
    const { prompt } = form;
    return (
      <ArgumentsForm
        key={`prompt:${prompt.serverId}:${prompt.name}`}
        title={`/${prompt.name}`}
        detail={prompt.description ?? prompt.title}
        {...serverOf(servers, prompt.serverId)}
        fields={promptFields(prompt)}
        submitLabel="Run"
        complete={
          onComplete
            ? (name, value, context) =>
                onComplete({
                  serverId: prompt.serverId,
                  ref: { type: 'ref/prompt', name: prompt.name },
                  argument: { name, value },
                  context,
                })
            : undefined
        }
        onSubmit={(values) => onRunPrompt(prompt, values)}
        onCancel={onCancel}
      />
    );
  }
  const { template } = form;
  return (
    <ArgumentsForm
      key={`template:${template.serverId}:${template.uriTemplate}`}
      title={template.title ?? template.name}
      detail={template.uriTemplate}
      {...serverOf(servers, template.serverId)}
      fields={templateFields(template)}
      submitLabel="Attach"
      complete={
        onComplete
          ? (name, value, context) =>
              onComplete({
                serverId: template.serverId,
                ref: { type: 'ref/resource', uri: template.uriTemplate },
                argument: { name, value },
                context,
              })
          : undefined
      }
      preview={(values) => expandTemplate(template.uriTemplate, values)}
      onSubmit={(values) =>
        onAttach(attachmentFromTemplate(template, expandTemplate(template.uriTemplate, values)))
      }
      onCancel={onCancel}
    />
  );
}
