/**
 * The values a tool call sends, as the intent rule (intent.ts) weighs them: every string, number
 * and yes/no in its arguments (an object's unnamed keys too), which are prose (free text under a
 * text field), which are addresses, and which the schema itself fixes.
 */
import type { ToolLike } from './grants';
import { addressesIn, hostsIn } from './said';

export type JsonSchema = {
  type?: unknown;
  enum?: unknown[];
  const?: unknown;
  default?: unknown;
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
};

/** One value a call sends: its text, where it sits, and what the tool's schema says of it. */
export interface Leaf {
  key: string;
  text: string;
  value: unknown;
  schema: JsonSchema | undefined;
}

/**
 * Every value in `args`, down to strings, numbers and yes/no values; an object's keys count
 * too where its schema does not name them (a key can carry data as well as a value can).
 */
export function leaves(value: unknown, schema: JsonSchema | undefined, key = 'input'): Leaf[] {
  if (Array.isArray(value)) return value.flatMap((item) => leaves(item, schema?.items, key));
  if (typeof value === 'object' && value !== null)
    return Object.entries(value).flatMap(([name, inner]) => {
      const known = schema?.properties?.[name];
      const keyLeaf: Leaf[] = known
        ? []
        : [{ key: 'a name', text: name, value: name, schema: undefined }];
      return [...keyLeaf, ...leaves(inner, known, name)];
    });
  if (value === null || value === undefined) return [];
  return [{ key, text: String(value), value, schema }];
}

/** Fields whose value is free text: what a write says, not where it goes. */
const PROSE_FIELD =
  /^(?:text|body|content|contents|message|description|title|summary|note|notes|comment|markdown|md|html|subject|caption|details|reason)$/i;
/** Free-text fields that name what an update changes ("title" picks the page to edit). */
const NAMING_FIELD = /^(?:title|subject|caption|name)$/i;

export function isProse(leaf: Leaf, updating = false): boolean {
  if (updating && NAMING_FIELD.test(leaf.key)) return false;
  return (
    typeof leaf.value === 'string' && PROSE_FIELD.test(leaf.key) && /\s/.test(leaf.value.trim())
  );
}

/** A value that is an address or a host name: where it points is past its server. */
export function isAddress(leaf: Leaf): boolean {
  return (
    addressesIn(leaf.text).length > 0 || hostsIn(leaf.text).length > 0 || leaf.text.includes('@')
  );
}

export const schemaOf = (tool: ToolLike) => (tool.inputSchema ?? {}) as JsonSchema;

/**
 * A read's value that carries nothing of the chat: an empty string, one of the schema's own
 * choices, or a yes/no at its default.
 */
export function fixedForRead({ value, schema }: Leaf): boolean {
  if (value === '') return true;
  if (schema?.enum?.some((choice) => choice === value)) return true;
  if (schema && 'const' in schema && schema.const === value) return true;
  return typeof value === 'boolean' && value === (schema?.default ?? false);
}

/**
 * A write's value the schema fixes: its only value, or its declared default. Any other choice
 * (a state, an access level, an empty body, a yes/no) is the person's to make.
 */
export function fixedForWrite({ key, value, schema }: Leaf): boolean {
  // Who a write reaches is never the schema's to choose, not even by its default.
  if (isDestination(key)) return false;
  if (schema && 'const' in schema && schema.const === value) return true;
  return schema !== undefined && 'default' in schema && schema.default === value;
}

export const quote = (leaf: Leaf) => {
  const shown = leaf.text.length > 40 ? `${leaf.text.slice(0, 40)}…` : leaf.text;
  return `“${shown}” (${leaf.key})`;
};

/**
 * The inputs of `tool` that are not free text: where it can go, what it acts on (for an update,
 * its title too: it picks what is changed).
 */
export function placesOf(tool: ToolLike, updating = false): string[] {
  return Object.keys(schemaOf(tool).properties ?? {}).filter(
    (key) => !PROSE_FIELD.test(key) || (updating && NAMING_FIELD.test(key)),
  );
}

/** Inputs that say who or where a write reaches: a channel, a recipient, an address. */
const DESTINATION_FIELD =
  /^(?:channel|channels|channel_?id|to|recipients?|emails?|email_?address|address|user|users|user_?id|username|cc|bcc|chat|chat_?id|room|room_?id|conversation|conversation_?id|thread|thread_?id|contact|phone|target|destination|dest|group|group_?id|list|audience|share_?with|people|members?)$/i;

/** Whether `key` names who or where a write reaches. */
export const isDestination = (key: string) => DESTINATION_FIELD.test(key);
