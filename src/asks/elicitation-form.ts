import type { ElicitRequestFormParams } from '@modelcontextprotocol/client';

/**
 * What a server asks for in a form-mode `elicitation/create` request. The type says what the spec
 * allows; at run time it is untrusted server input, so everything below reads it as `unknown`.
 */
export type RequestedSchema = ElicitRequestFormParams['requestedSchema'];

export type FieldKind =
  | 'text'
  | 'email'
  | 'url'
  | 'date'
  | 'datetime'
  | 'number'
  | 'integer'
  | 'boolean'
  | 'select'
  | 'multiselect';

export interface FieldOption {
  value: string;
  label: string;
}

export interface FieldConstraints {
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  minItems?: number;
  maxItems?: number;
}

export interface FormField {
  /** The property name: the key of the answer in `content`. */
  name: string;
  kind: FieldKind;
  label: string;
  description?: string;
  required: boolean;
  constraints: FieldConstraints;
  /** The choices of a `select` or `multiselect`, in the server's order. */
  options?: FieldOption[];
  /** The server's default (SEP-1034), already checked against the field's kind and options. */
  default?: string | number | boolean | string[];
  /** The field seems to ask for a password or secret, which servers must not ask for in a form. */
  secretLike: boolean;
  /** Why the field is shown differently from what the server described, for the person. */
  note?: string;
}

/** A property the form cannot show, and why. */
export interface SkippedProperty {
  name: string;
  reason: string;
}

/**
 * What the person has entered, as the inputs hold it: text (numbers and dates included, as
 * typed), a boolean for a checkbox, the chosen values of a multi-select. A field the person
 * never touched and that has no default is absent.
 */
export type FieldValue = string | boolean | string[];
export type FormValues = Record<string, FieldValue | undefined>;

/** The `content` of an `accept` answer. */
export type FormContent = Record<string, string | number | boolean | string[]>;

/** A form with hundreds of fields is not a question anyone can answer in a side panel. */
const MAX_FIELDS = 50;

export function describeForm(schema: RequestedSchema | undefined): FormField[] {
  return describeSchema(schema).fields;
}

/** The fields the form can show, and the properties it cannot, with the reason for each. */
export function describeSchema(schema: RequestedSchema | undefined): {
  fields: FormField[];
  skipped: SkippedProperty[];
} {
  const fields: FormField[] = [];
  const skipped: SkippedProperty[] = [];
  const root: unknown = schema;
  if (!isRecord(root) || !isRecord(root.properties)) return { fields, skipped };
  const required = new Set(
    Array.isArray(root.required)
      ? root.required.filter((name): name is string => typeof name === 'string')
      : [],
  );
  for (const [name, property] of Object.entries(root.properties)) {
    // Assigning `values['__proto__']` would replace the prototype instead of setting a value.
    if (name === '__proto__') {
      skipped.push({ name, reason: 'Its name cannot be used.' });
      continue;
    }
    if (fields.length >= MAX_FIELDS) {
      skipped.push({ name, reason: `The form has more than ${MAX_FIELDS} questions.` });
      continue;
    }
    const described = describeProperty(name, property, required.has(name));
    if ('reason' in described) skipped.push(described);
    else fields.push(described);
  }
  return { fields, skipped };
}

function describeProperty(
  name: string,
  property: unknown,
  required: boolean,
): FormField | SkippedProperty {
  if (!isRecord(property)) return { name, reason: 'It is not a question Patchbay understands.' };
  const title = nonEmptyString(property.title);
  const description = nonEmptyString(property.description);
  const base = {
    name,
    label: title ?? name,
    ...(description ? { description } : {}),
    required,
  };
  const type = primaryType(property.type);

  if (type === 'boolean') {
    return {
      ...base,
      kind: 'boolean',
      constraints: {},
      ...(typeof property.default === 'boolean' ? { default: property.default } : {}),
      secretLike: false,
    };
  }

  if (type === 'number' || type === 'integer') {
    const constraints: FieldConstraints = {};
    const minimum = finiteNumber(property.minimum);
    if (minimum !== undefined) constraints.minimum = minimum;
    const maximum = finiteNumber(property.maximum);
    if (maximum !== undefined) constraints.maximum = maximum;
    const initial = finiteNumber(property.default);
    return {
      ...base,
      kind: type,
      constraints,
      ...(initial !== undefined ? { default: initial } : {}),
      secretLike: isSecretLike({ name, title, description }),
    };
  }

  if (type === 'array') {
    const options = isRecord(property.items) ? optionsOf(property.items) : undefined;
    if (!options?.length) return { name, reason: 'It is a list Patchbay cannot show.' };
    const constraints: FieldConstraints = {};
    const minItems = count(property.minItems);
    if (minItems !== undefined) constraints.minItems = minItems;
    const maxItems = count(property.maxItems);
    if (maxItems !== undefined) constraints.maxItems = maxItems;
    const values = new Set(options.map((option) => option.value));
    const initial = Array.isArray(property.default)
      ? property.default.filter(
          (value): value is string => typeof value === 'string' && values.has(value),
        )
      : undefined;
    return {
      ...base,
      kind: 'multiselect',
      constraints,
      options,
      ...(initial ? { default: initial } : {}),
      secretLike: false,
    };
  }

  if (type === 'string' || type === undefined) {
    const options = optionsOf(property);
    if (options?.length) {
      const initial = options.some((option) => option.value === property.default)
        ? (property.default as string)
        : undefined;
      return {
        ...base,
        kind: 'select',
        constraints: {},
        options,
        ...(initial !== undefined ? { default: initial } : {}),
        secretLike: false,
      };
    }
    if (options) return { name, reason: 'Its choices cannot be shown.' };
    const format = typeof property.format === 'string' ? property.format : undefined;
    const kind = format ? FORMAT_KINDS[format] : 'text';
    const constraints: FieldConstraints = {};
    const minLength = count(property.minLength);
    if (minLength !== undefined) constraints.minLength = minLength;
    const maxLength = count(property.maxLength);
    if (maxLength !== undefined) constraints.maxLength = maxLength;
    const note =
      type === undefined
        ? 'The server did not say what kind of answer this is; it is sent as text.'
        : format && !kind && format !== 'password'
          ? `The server expects the format “${format}”, which Patchbay cannot check.`
          : undefined;
    return {
      ...base,
      kind: kind ?? 'text',
      constraints,
      ...(typeof property.default === 'string' ? { default: property.default } : {}),
      secretLike: (kind ?? 'text') === 'text' && isSecretLike({ name, title, description, format }),
      ...(note ? { note } : {}),
    };
  }

  return { name, reason: 'It asks for a kind of answer Patchbay cannot show.' };
}

const FORMAT_KINDS: Partial<Record<string, FieldKind>> = {
  email: 'email',
  uri: 'url',
  date: 'date',
  'date-time': 'datetime',
};

/** `"integer"`, or the one non-null type of `["integer", "null"]`; undefined when absent. */
function primaryType(type: unknown): string | undefined {
  if (typeof type === 'string') return type;
  if (Array.isArray(type)) {
    const types = type.filter((each) => each !== 'null');
    return types.length === 1 && typeof types[0] === 'string' ? types[0] : 'unsupported';
  }
  return type === undefined ? undefined : 'unsupported';
}

/**
 * The choices of an enum, in every shape the spec has had: `oneOf`/`anyOf` of `{const, title}`
 * (titled), `enum` with `enumNames` (legacy titled), plain `enum` (untitled). Undefined when the
 * schema is not an enum; an empty list when it is one with no usable string choices.
 */
function optionsOf(schema: Record<string, unknown>): FieldOption[] | undefined {
  const titled = Array.isArray(schema.oneOf)
    ? schema.oneOf
    : Array.isArray(schema.anyOf)
      ? schema.anyOf
      : undefined;
  let options: FieldOption[] | undefined;
  if (titled) {
    options = titled.flatMap((choice) =>
      isRecord(choice) && typeof choice.const === 'string'
        ? [{ value: choice.const, label: nonEmptyString(choice.title) ?? choice.const }]
        : [],
    );
  } else if (Array.isArray(schema.enum)) {
    const names = Array.isArray(schema.enumNames) ? schema.enumNames : [];
    options = schema.enum.flatMap((value, index) => {
      if (typeof value !== 'string') return [];
      const name: unknown = names[index];
      return [{ value, label: nonEmptyString(name) ?? value }];
    });
  }
  if (!options) return undefined;
  const seen = new Set<string>();
  return options.filter((option) => !seen.has(option.value) && Boolean(seen.add(option.value)));
}

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

/**
 * Whether a field seems to ask for a password or another secret. The spec says servers MUST NOT
 * ask for sensitive information in a form, so the card warns instead of silently complying.
 * Words are matched whole: "tokens" or "token count" ask for a number, not a credential.
 */
export function isSecretLike(property: {
  name: string;
  title?: string | undefined;
  description?: string | undefined;
  format?: string | undefined;
}): boolean {
  if (property.format === 'password') return true;
  const texts = [splitWords(property.name), property.title ?? '', property.description ?? ''];
  if (texts.some((text) => SECRET_PATTERNS.some((pattern) => pattern.test(text)))) return true;
  // "pin" is also a verb ("pin the message"): only the capitalized acronym, "PIN code", or a
  // field named for it counts.
  const nameWords = splitWords(property.name).toLowerCase().split(' ');
  return (
    nameWords.includes('pin') ||
    texts.some((text) => /\bPINs?\b/.test(text) || /\bpin (code|number)\b/i.test(text))
  );
}

const SECRET_PATTERNS: RegExp[] = [
  /\bpass(word|phrase|code)s?\b/i,
  /\bpasswd\b/i,
  /\bsecrets?\b/i,
  /\btoken\b(?!\s*(count|limit|budget|usage|size|length)\b)/i,
  /\bapi ?keys?\b/i,
  /\bprivate ?keys?\b/i,
  /\bone[ -]?time (pass)?(code|password)s?\b/i,
  /\b(otp|totp|2fa|mfa) ?(code)?s?\b/i,
  /\bcredit ?cards?\b/i,
  /\bcard ?numbers?\b/i,
  /\b(cvv2?|cvc)\b/i,
  /\bsecurity code\b/i,
  /\bssn\b/i,
  /\bsocial security\b/i,
];

/** "apiKey", "API_KEY" and "api-key" all read "api Key"-like: words separated by spaces. */
function splitWords(name: string): string {
  return name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .replace(/[_\-.]+/g, ' ');
}

export type UrlRequestDescription =
  { ok: true; host: string; origin: string; url: string } | { ok: false; reason: string };

const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * Whether a URL-mode elicitation may be opened, and the host to show the person. The host is
 * the URL parser's: an internationalized name shows as punycode (`xn--…`), so a look-alike
 * domain cannot pass for the real one.
 */
export function describeUrlRequest(url: string): UrlRequestDescription {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return { ok: false, reason: 'This is not a web address Patchbay can open.' };
  }
  const local = LOCAL_HOSTS.has(parsed.hostname);
  if (parsed.protocol === 'http:' && !local) {
    return {
      ok: false,
      reason: 'The page is not secure (http). Patchbay only opens https pages for a server.',
    };
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') {
    return {
      ok: false,
      reason: `Patchbay does not open ${parsed.protocol} addresses for a server, only https pages.`,
    };
  }
  // https://accounts.example.com@evil.example/ goes to evil.example, whatever it seems to say.
  if (parsed.username || parsed.password) {
    return {
      ok: false,
      reason: 'The address hides where it really goes behind a user name.',
    };
  }
  return { ok: true, host: parsed.host, origin: parsed.origin, url: parsed.href };
}

/** A value by its own key: a field named "constructor" must not read Object.prototype's. */
export function valueOf<Value>(record: Record<string, Value>, key: string): Value | undefined {
  return Object.hasOwn(record, key) ? record[key] : undefined;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function nonEmptyString(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value : undefined;
}

function finiteNumber(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isFinite(value) ? value : undefined;
}

function count(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isInteger(value) && value >= 0 ? value : undefined;
}
