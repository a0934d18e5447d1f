import type { PromptView, ResourceTemplateView } from '../messaging/features-contract';
import { optionalTemplateVariables, templateVariables } from './uri-template';

/** One input of the arguments form, whether it fills a prompt argument or a template variable. */
export interface ArgumentField {
  name: string;
  label: string;
  description?: string;
  required: boolean;
}

export function promptFields(prompt: PromptView): ArgumentField[] {
  return prompt.arguments.map((argument) => ({
    name: argument.name,
    label: argument.title ?? argument.name,
    ...(argument.description ? { description: argument.description } : {}),
    required: argument.required === true,
  }));
}

/**
 * A template variable is required unless it only adds a query parameter: an empty path segment
 * would give a uri the server does not know, a missing query parameter usually would not.
 */
export function templateFields(template: ResourceTemplateView): ArgumentField[] {
  const optional = optionalTemplateVariables(template.uriTemplate);
  return templateVariables(template.uriTemplate).map((name) => ({
    name,
    label: name,
    required: !optional.has(name),
  }));
}

/** The filled-in values only: an empty optional argument is left out rather than sent as "". */
export function filledValues(values: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(values).filter(([, value]) => value !== ''));
}

/** The first required field left empty, which blocks running or attaching. */
export function firstMissing(
  fields: readonly ArgumentField[],
  values: Record<string, string>,
): ArgumentField | undefined {
  return fields.find((field) => field.required && !(values[field.name] ?? '').trim());
}
