import { useRef, useState, type FormEvent } from 'react';
import type { FormField } from '../../src/asks/elicitation-form';
import {
  initialValues,
  toContent,
  validate,
  type FieldValue,
  type FormContent,
  type FormValues,
} from '../../src/asks/form-values';

/**
 * A server's form as the person fills it in: the answers, what is wrong with them, and Accept.
 * Errors appear once the person tries to accept, then follow every change until fixed; an
 * Accept with a wrong answer focuses the first question at fault instead of sending.
 */
export function useAskForm(fields: FormField[], onAccept: (content: FormContent) => void) {
  const [values, setValues] = useState<FormValues>(() => initialValues(fields));
  const [attempted, setAttempted] = useState(false);
  const focusTargets = useRef(new Map<string, HTMLElement>());

  function accept(event: FormEvent) {
    event.preventDefault();
    const found = validate(fields, values);
    const firstInvalid = fields.find((field) => Object.hasOwn(found, field.name));
    if (firstInvalid) {
      setAttempted(true);
      focusTargets.current.get(firstInvalid.name)?.focus();
      return;
    }
    onAccept(toContent(fields, values));
  }

  return {
    values,
    errors: attempted ? validate(fields, values) : {},
    setValue: (name: string, value: FieldValue) =>
      setValues((current) => ({ ...current, [name]: value })),
    /** The ref of the element focused when the question `name` is the first invalid one. */
    focusTarget: (name: string) => (element: HTMLElement | null) => {
      if (element) focusTargets.current.set(name, element);
      else focusTargets.current.delete(name);
    },
    accept,
  };
}
