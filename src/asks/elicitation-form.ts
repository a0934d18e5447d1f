import type { ElicitRequestFormParams } from '@modelcontextprotocol/client';
import { isSecretLike } from './secret-field';
import {
  count,
  finiteNumber,
  isRecord,
  nonEmptyString,
  optionsOf,
  primaryType,
  type FieldOption,
} from './schema-values';

/**
 * The fields of an elicitation form, from the schema a server sends. What the person enters
 * is checked and sent by `form-values.ts`; secret-looking fields are found by `secret-field.ts`.
 */

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

export type { FieldOption } from './schema-values';

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
  const field: FieldBase = {
    name,
    label: title ?? name,
    ...(description ? { description } : {}),
    required,
  };
  const type = primaryType(property.type);
  if (type === 'boolean') return booleanField(field, property);
  if (type === 'number' || type === 'integer') return numberField(field, type, property);
  if (type === 'array') return listField(field, property);
  if (type === 'string' || type === undefined) return stringField(field, type, property);
  return { name, reason: 'It asks for a kind of answer Patchbay cannot show.' };
}

/** What every field has, from the property's name, title, description and the required list. */
type FieldBase = Pick<FormField, 'name' | 'label' | 'description' | 'required'>;

function booleanField(base: FieldBase, property: Record<string, unknown>): FormField {
  return {
    ...base,
    kind: 'boolean',
    constraints: {},
    ...(typeof property.default === 'boolean' ? { default: property.default } : {}),
    secretLike: false,
  };
}

function numberField(
  base: FieldBase,
  kind: 'number' | 'integer',
  property: Record<string, unknown>,
): FormField {
  const constraints: FieldConstraints = {};
  const minimum = finiteNumber(property.minimum);
  if (minimum !== undefined) constraints.minimum = minimum;
  const maximum = finiteNumber(property.maximum);
  if (maximum !== undefined) constraints.maximum = maximum;
  const initial = finiteNumber(property.default);
  return {
    ...base,
    kind,
    constraints,
    ...(initial !== undefined ? { default: initial } : {}),
    secretLike: isSecretLike({
      name: base.name,
      title: nonEmptyString(property.title),
      description: base.description,
    }),
  };
}

/** An array of choices: a multiselect; any other list cannot be shown. */
function listField(
  base: FieldBase,
  property: Record<string, unknown>,
): FormField | SkippedProperty {
  const options = isRecord(property.items) ? optionsOf(property.items) : undefined;
  if (!options?.length) return { name: base.name, reason: 'It is a list Patchbay cannot show.' };
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

/** A string (or an untyped property): a select when it has choices, else a text of its format. */
function stringField(
  base: FieldBase,
  type: 'string' | undefined,
  property: Record<string, unknown>,
): FormField | SkippedProperty {
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
  if (options) return { name: base.name, reason: 'Its choices cannot be shown.' };
  return textField(base, type, property);
}

function textField(
  base: FieldBase,
  type: 'string' | undefined,
  property: Record<string, unknown>,
): FormField {
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
  const { name, description } = base;
  const title = nonEmptyString(property.title);
  return {
    ...base,
    kind: kind ?? 'text',
    constraints,
    ...(typeof property.default === 'string' ? { default: property.default } : {}),
    secretLike: (kind ?? 'text') === 'text' && isSecretLike({ name, title, description, format }),
    ...(note ? { note } : {}),
  };
}

const FORMAT_KINDS: Partial<Record<string, FieldKind>> = {
  email: 'email',
  uri: 'url',
  date: 'date',
  'date-time': 'datetime',
};
