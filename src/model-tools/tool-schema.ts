/**
 * MCP tools describe their input with any JSON Schema; function-calling APIs accept less.
 * OpenAI rejects parameters whose root is not an object, arrays without `items`, and boolean
 * subschemas. This rewrites those shapes into equivalent ones it accepts and leaves everything
 * else (descriptions, enums, formats, nested objects, $defs/$ref) as the server wrote it.
 */
export type JsonSchemaObject = Record<string, unknown>;

const SUBSCHEMA_MAPS = ['properties', '$defs', 'definitions', 'patternProperties'] as const;
const SUBSCHEMA_LISTS = ['anyOf', 'oneOf', 'allOf', 'prefixItems'] as const;
const SUBSCHEMA_SINGLE = [
  'items',
  'additionalProperties',
  'not',
  'if',
  'then',
  'else',
  'contains',
] as const;

export function normalizeToolSchema(schema: unknown): JsonSchemaObject {
  return prepareToolSchema(schema).schema;
}

/**
 * The schema to offer the model, and whether it wraps a non-object root (the arguments then
 * arrive under {@link WRAPPED_INPUT_KEY}). One walk of the schema for both.
 */
export function prepareToolSchema(schema: unknown): { schema: JsonSchemaObject; wrapped: boolean } {
  const root = { ...normalizeNode(schema, 0) };
  delete root.$schema;
  delete root.$id;
  if (Object.keys(root).length === 0) {
    return { schema: { type: 'object', properties: {} }, wrapped: false };
  }
  if (needsWrapping(root)) {
    // A root that is not a plain object (a union, a scalar): wrap it as the one argument.
    return {
      schema: {
        type: 'object',
        properties: { input: root },
        required: ['input'],
        additionalProperties: false,
      },
      wrapped: true,
    };
  }
  const properties = isRecord(root.properties) ? root.properties : {};
  const required = Array.isArray(root.required)
    ? root.required.filter((name): name is string => typeof name === 'string' && name in properties)
    : undefined;
  return {
    schema: { ...root, type: 'object', properties, ...(required ? { required } : {}) },
    wrapped: false,
  };
}

/** The property a non-object root schema is wrapped in; the proxy unwraps it before calling. */
export const WRAPPED_INPUT_KEY = 'input';

function needsWrapping(root: JsonSchemaObject): boolean {
  return !(root.type === 'object' || (root.type === undefined && 'properties' in root));
}

function normalizeNode(schema: unknown, depth: number): JsonSchemaObject {
  if (schema === true || schema === undefined || schema === null) return {};
  if (schema === false) return { not: {} };
  if (!isRecord(schema) || depth > 64) return {};
  const result: JsonSchemaObject = { ...schema };
  for (const keyword of SUBSCHEMA_MAPS) {
    const map = schema[keyword];
    if (isRecord(map)) {
      result[keyword] = Object.fromEntries(
        Object.entries(map).map(([name, value]) => [name, normalizeNode(value, depth + 1)]),
      );
    }
  }
  for (const keyword of SUBSCHEMA_LISTS) {
    const list = schema[keyword];
    if (Array.isArray(list)) result[keyword] = list.map((value) => normalizeNode(value, depth + 1));
  }
  for (const keyword of SUBSCHEMA_SINGLE) {
    const value = schema[keyword];
    if (value === undefined) continue;
    // additionalProperties: false is meaningful and accepted as is.
    if (keyword === 'additionalProperties' && typeof value === 'boolean') continue;
    result[keyword] = Array.isArray(value)
      ? value.map((item) => normalizeNode(item, depth + 1))
      : normalizeNode(value, depth + 1);
  }
  const types = Array.isArray(schema.type) ? schema.type : [schema.type];
  if (types.includes('array') && result.items === undefined) result.items = {};
  return result;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
