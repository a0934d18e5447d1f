/**
 * Gemini reads tool parameters (`parametersJsonSchema`, what @ai-sdk/google sends) as a subset
 * of JSON Schema and refuses a request whose schemas use a keyword outside it ("Unknown name
 * ..."), which MCP servers' schemas often do (`default`, `pattern`, `uniqueItems`,
 * `propertyNames`, `const`...). @ai-sdk/google passes schemas through as they are, so this keeps
 * the documented subset: the structure (types, properties, items, unions, references) and the
 * words the model reads (titles, descriptions, enums, formats, bounds).
 */
/** A JSON Schema object, as the chat's tools carry it (src/model-tools/tool-schema.ts). */
type JsonSchemaObject = Record<string, unknown>;

const KEPT = new Set([
  '$id',
  '$defs',
  '$ref',
  '$anchor',
  'type',
  'format',
  'title',
  'description',
  'enum',
  'items',
  'prefixItems',
  'minItems',
  'maxItems',
  'minimum',
  'maximum',
  'anyOf',
  'properties',
  'additionalProperties',
  'required',
  'propertyOrdering',
]);
const SCHEMA_MAPS = new Set(['properties', '$defs']);
const SCHEMA_LISTS = new Set(['anyOf', 'prefixItems']);

export function geminiToolSchema(schema: JsonSchemaObject): JsonSchemaObject {
  return geminiNode(schema, 0);
}

function geminiNode(schema: JsonSchemaObject, depth: number): JsonSchemaObject {
  if (depth > 64) return {};
  const source: JsonSchemaObject = { ...schema };
  // Same meaning in the subset: a constant is an enum of one, oneOf is read as anyOf.
  if ('const' in source && !('enum' in source)) source.enum = [source.const];
  if (Array.isArray(source.oneOf) && !('anyOf' in source)) source.anyOf = source.oneOf;
  const result: JsonSchemaObject = {};
  for (const [keyword, value] of Object.entries(source)) {
    if (!KEPT.has(keyword)) continue;
    if (SCHEMA_MAPS.has(keyword) && isRecord(value)) {
      result[keyword] = Object.fromEntries(
        Object.entries(value).map(([name, sub]) => [name, subschema(sub, depth)]),
      );
    } else if (SCHEMA_LISTS.has(keyword) && Array.isArray(value)) {
      result[keyword] = value.map((sub) => subschema(sub, depth));
    } else if (keyword === 'items' || (keyword === 'additionalProperties' && isRecord(value))) {
      result[keyword] = subschema(value, depth);
    } else if (keyword === 'required') {
      const names = isRecord(source.properties) ? source.properties : {};
      result.required = Array.isArray(value)
        ? value.filter((name) => typeof name === 'string' && name in names)
        : [];
    } else {
      result[keyword] = value;
    }
  }
  return result;
}

function subschema(value: unknown, depth: number): JsonSchemaObject {
  return isRecord(value) ? geminiNode(value, depth + 1) : {};
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
