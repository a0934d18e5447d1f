import type { FormField } from './elicitation-form';

/**
 * What the person has entered, as the inputs hold it: text (numbers and dates included, as
 * typed), a boolean for a checkbox, the chosen values of a multi-select. A field the person
 * never touched and that has no default is absent.
 */
export type FieldValue = string | boolean | string[];
export type FormValues = Record<string, FieldValue | undefined>;

/** The `content` of an `accept` answer. */
export type FormContent = Record<string, string | number | boolean | string[]>;

/** SEP-1034: every field with a default starts with it; the others start empty. */
export function initialValues(fields: FormField[]): FormValues {
  const values: FormValues = {};
  for (const field of fields) {
    const initial = field.default;
    if (initial === undefined) continue;
    if (typeof initial === 'number') {
      // Number inputs hold text; toContent turns it back into a number.
      values[field.name] = String(initial);
    } else if (field.kind === 'datetime' && typeof initial === 'string') {
      values[field.name] = toLocalDateTime(initial);
    } else if (Array.isArray(initial)) {
      values[field.name] = [...initial];
    } else {
      values[field.name] = initial;
    }
  }
  return values;
}

/** One sentence per field that cannot be sent as it is, keyed by field name. */
export function validate(fields: FormField[], values: FormValues): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const field of fields) {
    const error = fieldError(field, valueOf(values, field.name));
    if (error) errors[field.name] = error;
  }
  return errors;
}

function fieldError(field: FormField, value: FieldValue | undefined): string | undefined {
  const { constraints } = field;
  switch (field.kind) {
    case 'boolean':
      // An untouched checkbox reads as "no", and a required one is sent as false.
      return undefined;
    case 'multiselect': {
      // Required only means the list is sent, possibly empty; minItems says how many to choose.
      const chosen = Array.isArray(value) ? value : [];
      const allowed = new Set(field.options?.map((option) => option.value));
      if (chosen.some((each) => !allowed.has(each))) return 'Choose only from the options.';
      const { minItems, maxItems } = constraints;
      if (
        (minItems !== undefined && chosen.length < minItems) ||
        (maxItems !== undefined && chosen.length > maxItems)
      ) {
        return rangeSentence('Choose', '', minItems, maxItems);
      }
      return undefined;
    }
    default: {
      const text = typeof value === 'string' ? value : '';
      if (text.trim() === '') return field.required ? 'Required.' : undefined;
      return filledFieldError(field, text);
    }
  }
}

function filledFieldError(field: FormField, text: string): string | undefined {
  const { constraints } = field;
  switch (field.kind) {
    case 'number':
    case 'integer': {
      const number = parseNumber(text);
      const { minimum, maximum } = constraints;
      if (
        number === undefined ||
        (field.kind === 'integer' && !Number.isInteger(number)) ||
        (minimum !== undefined && number < minimum) ||
        (maximum !== undefined && number > maximum)
      ) {
        return numberSentence(field.kind, minimum, maximum);
      }
      return undefined;
    }
    case 'select':
      return field.options?.some((option) => option.value === text)
        ? undefined
        : 'Choose one of the options.';
    case 'email':
      return /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(text.trim())
        ? undefined
        : 'This is not an email address.';
    case 'url':
      return isAbsoluteUrl(text.trim())
        ? undefined
        : 'This is not a full address, like https://example.com.';
    case 'date':
      return isDate(text.trim()) ? undefined : 'Enter a date, like 2025-12-31.';
    case 'datetime':
      return toInstant(text.trim()) === undefined
        ? 'Enter a date and a time, like 2025-12-31 18:30.'
        : undefined;
    default: {
      // JSON Schema counts code points, so an emoji is one character, as the person sees it.
      const length = [...text].length;
      const { minLength, maxLength } = constraints;
      if (
        (minLength !== undefined && length < minLength) ||
        (maxLength !== undefined && length > maxLength)
      ) {
        return rangeSentence('Enter', 'character', minLength, maxLength);
      }
      return undefined;
    }
  }
}

/**
 * The `content` to send on accept, typed as the schema asks: numbers as numbers, booleans,
 * string arrays. Optional fields left empty are left out. Call `validate` first: values that
 * do not parse are left out too rather than sent wrong.
 */
export function toContent(fields: FormField[], values: FormValues): FormContent {
  const content: FormContent = {};
  for (const field of fields) {
    const value = valueOf(values, field.name);
    switch (field.kind) {
      case 'boolean':
        if (typeof value === 'boolean') content[field.name] = value;
        else if (field.required) content[field.name] = false;
        break;
      case 'multiselect': {
        const chosen = Array.isArray(value) ? value : [];
        // An empty list is sent when it says something: the field is required, or the person
        // cleared a default the server would otherwise assume.
        const clearedDefault = Array.isArray(field.default) && field.default.length > 0;
        if (chosen.length > 0 || field.required || clearedDefault) {
          content[field.name] = [...chosen];
        }
        break;
      }
      default: {
        if (typeof value !== 'string' || value.trim() === '') break;
        if (field.kind === 'number' || field.kind === 'integer') {
          const number = parseNumber(value);
          if (number !== undefined) content[field.name] = number;
        } else if (field.kind === 'datetime') {
          const instant = toInstant(value.trim());
          if (instant !== undefined) content[field.name] = instant.toISOString();
        } else if (field.kind === 'text' || field.kind === 'select') {
          // Text is sent as typed: leading or trailing spaces may be what the person meant.
          content[field.name] = value;
        } else {
          content[field.name] = value.trim();
        }
      }
    }
  }
  return content;
}

/** A short hint of what the field accepts, shown before any error, e.g. "1 to 10". */
export function describeConstraints(field: FormField): string | undefined {
  const { minLength, maxLength, minimum, maximum, minItems, maxItems } = field.constraints;
  switch (field.kind) {
    case 'text':
      return hintRange(minLength, maxLength, ' characters');
    case 'number':
      return hintRange(minimum, maximum, '');
    case 'integer': {
      const range = hintRange(minimum, maximum, '');
      return range ? `Whole number, ${lowerFirst(range)}` : 'Whole number';
    }
    case 'multiselect': {
      const range = hintRange(minItems, maxItems, '');
      return range ? `Choose ${lowerFirst(range)}` : undefined;
    }
    default:
      return undefined;
  }
}

function hintRange(
  minimum: number | undefined,
  maximum: number | undefined,
  unit: string,
): string | undefined {
  if (minimum !== undefined && maximum !== undefined) {
    return minimum === maximum ? `Exactly ${minimum}${unit}` : `${minimum} to ${maximum}${unit}`;
  }
  if (minimum !== undefined) return `At least ${minimum}${unit}`;
  if (maximum !== undefined) return `At most ${maximum}${unit}`;
  return undefined;
}

function lowerFirst(text: string): string {
  return /^[A-Z][a-z]/.test(text) ? text[0]!.toLowerCase() + text.slice(1) : text;
}

function numberSentence(
  kind: 'number' | 'integer',
  minimum: number | undefined,
  maximum: number | undefined,
): string {
  const noun = kind === 'integer' ? 'a whole number' : 'a number';
  if (minimum !== undefined && maximum !== undefined) {
    return `Enter ${noun} between ${minimum} and ${maximum}.`;
  }
  if (minimum !== undefined) return `Enter ${noun} of at least ${minimum}.`;
  if (maximum !== undefined) return `Enter ${noun} of at most ${maximum}.`;
  return `Enter ${noun}.`;
}

/** "Enter at least 3 characters.", "Choose between 2 and 4.", "Enter exactly 1 character." */
function rangeSentence(
  verb: string,
  unit: string,
  minimum: number | undefined,
  maximum: number | undefined,
): string {
  const of = (amount: number) => (unit ? ` ${unit}${amount === 1 ? '' : 's'}` : '');
  if (minimum !== undefined && maximum !== undefined) {
    return minimum === maximum
      ? `${verb} exactly ${minimum}${of(minimum)}.`
      : `${verb} between ${minimum} and ${maximum}${of(maximum)}.`;
  }
  if (minimum !== undefined) return `${verb} at least ${minimum}${of(minimum)}.`;
  return `${verb} at most ${maximum ?? 0}${of(maximum ?? 0)}.`;
}

function parseNumber(text: string): number | undefined {
  const trimmed = text.trim();
  if (trimmed === '') return undefined;
  const number = Number(trimmed);
  return Number.isFinite(number) ? number : undefined;
}

function isAbsoluteUrl(text: string): boolean {
  if (/\s/.test(text)) return false;
  try {
    new URL(text);
    return true;
  } catch {
    return false;
  }
}

function isDate(text: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  // 2025-02-30 would roll over into March.
  return date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/**
 * A `datetime-local` value ("2025-12-31T18:30", the person's time zone) or an RFC 3339 one
 * with its own offset, as an instant; undefined when it is neither.
 */
function toInstant(text: string): Date | undefined {
  const match = /^(\d{4}-\d{2}-\d{2})T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})?$/i.exec(
    text,
  );
  if (!match || !isDate(match[1]!)) return undefined;
  const instant = new Date(text);
  return Number.isNaN(instant.getTime()) ? undefined : instant;
}

/** An RFC 3339 default as a `datetime-local` input shows it, in the person's time zone. */
function toLocalDateTime(text: string): string {
  const instant = toInstant(text);
  if (!instant) return text;
  const two = (number: number) => String(number).padStart(2, '0');
  const seconds = instant.getSeconds() ? `:${two(instant.getSeconds())}` : '';
  return (
    `${instant.getFullYear()}-${two(instant.getMonth() + 1)}-${two(instant.getDate())}` +
    `T${two(instant.getHours())}:${two(instant.getMinutes())}${seconds}`
  );
}

/** A value by its own key: a field named "constructor" must not read Object.prototype's. */
export function valueOf<Value>(record: Record<string, Value>, key: string): Value | undefined {
  return Object.hasOwn(record, key) ? record[key] : undefined;
}
