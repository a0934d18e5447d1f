/**
 * Reading the values of a form's schema, which is untrusted server input: its type, its
 * choices in every shape the spec has had, and numbers and counts that are what they claim.
 */

/** One choice of a `select` or `multiselect`. */
export interface FieldOption {
  value: string;
  label: string;
}

/** `"integer"`, or the one non-null type of `["integer", "null"]`; undefined when absent. */
export function primaryType(type: unknown): string | undefined {
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
export function optionsOf(schema: Record<string, unknown>): FieldOption[] | undefined {
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

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function nonEmptyString(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value : undefined;
}

export function finiteNumber(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isFinite(value) ? value : undefined;
}

export function count(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isInteger(value) && value >= 0 ? value : undefined;
}
