import { useMemo, useState } from 'react';
import { countOf } from '../resources/resource-content';
import { CopyButton } from './CopyButton';

/** Nesting shown before the rest is summarized as "…": a 50-deep value must not hang the panel. */
export const MAX_DEPTH = 8;
/** Rows of a table shown before "Show all N rows". */
export const TABLE_ROWS = 50;
/** Columns of a table: a server sending a different key in every row cannot make it endless. */
export const MAX_COLUMNS = 30;
/** Entries of an object or array in the tree shown before "Show all N entries". */
export const TREE_ENTRIES = 100;
/** Characters of a table cell; the full value is in the raw JSON. */
const CELL_CHARACTERS = 120;
/** Characters of a text value in the tree. */
const TREE_TEXT_CHARACTERS = 2_000;

type JsonObject = Record<string, unknown>;

function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** An array of objects, which reads best as a table. */
function isTable(value: unknown): value is JsonObject[] {
  return Array.isArray(value) && value.length > 0 && value.every(isObject);
}

/**
 * Structured content (a tool's `structuredContent`, a JSON resource) in a readable form: an
 * array of objects as a table, an object as a tree, a scalar as text. The exact JSON is one
 * click away, with a Copy button.
 */
export function StructuredView({ value }: { value: unknown }) {
  const [raw, setRaw] = useState(false);
  // Only stringified when asked for: a large value costs nothing until the person wants it.
  const rawText = useMemo(() => (raw ? prettyJson(value) : ''), [raw, value]);
  return (
    <div className="structured-view">
      <div className="structured-toolbar">
        <button
          type="button"
          className="quiet"
          aria-pressed={raw}
          onClick={() => setRaw((current) => !current)}
        >
          {raw ? 'Readable' : 'Raw JSON'}
        </button>
        {raw ? <CopyButton text={rawText} /> : null}
      </div>
      {raw ? <pre className="structured-raw">{rawText}</pre> : <Readable value={value} depth={0} />}
    </div>
  );
}

function Readable({ value, depth }: { value: unknown; depth: number }) {
  if (isTable(value)) return <Table rows={value} depth={depth} />;
  if (Array.isArray(value) || isObject(value)) return <Tree value={value} depth={depth} />;
  return <span className="structured-scalar">{scalarText(value, TREE_TEXT_CHARACTERS)}</span>;
}

function Table({ rows, depth }: { rows: JsonObject[]; depth: number }) {
  const [showAll, setShowAll] = useState(false);
  const shown = useMemo(() => (showAll ? rows : rows.slice(0, TABLE_ROWS)), [rows, showAll]);
  const { columns, more } = useMemo(() => columnsOf(shown), [shown]);
  return (
    <div className="structured-table">
      <table>
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column} scope="col">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {shown.map((row, index) => (
            <tr key={index}>
              {columns.map((column) => (
                <td key={column}>
                  {/* `Object.hasOwn`: a row without "constructor" must not show Object's. */}
                  {Object.hasOwn(row, column) ? cellText(row[column], depth + 1) : ''}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
      {more > 0 ? <p className="muted">{countOf(more, 'more column')} in the raw JSON.</p> : null}
      {rows.length > TABLE_ROWS ? (
        <button type="button" className="quiet" onClick={() => setShowAll((current) => !current)}>
          {showAll ? 'Show less' : `Show all ${countOf(rows.length, 'row')}`}
        </button>
      ) : null}
    </div>
  );
}

/** The union of the rows' keys in first-seen order, at most `MAX_COLUMNS` of them. */
function columnsOf(rows: JsonObject[]): { columns: string[]; more: number } {
  const seen = new Set<string>();
  for (const row of rows) for (const key of Object.keys(row)) seen.add(key);
  const all = [...seen];
  return { columns: all.slice(0, MAX_COLUMNS), more: Math.max(0, all.length - MAX_COLUMNS) };
}

function Tree({ value, depth }: { value: unknown[] | JsonObject; depth: number }) {
  const [showAll, setShowAll] = useState(false);
  const isArray = Array.isArray(value);
  const keys = isArray ? undefined : Object.keys(value);
  const count = isArray ? value.length : keys!.length;
  if (count === 0) {
    return (
      <span className="structured-scalar muted">{isArray ? '(empty list)' : '(no fields)'}</span>
    );
  }
  const limit = showAll ? count : Math.min(count, TREE_ENTRIES);
  const entries: Array<[string, unknown]> = [];
  for (let index = 0; index < limit; index += 1) {
    const key = isArray ? String(index) : keys![index]!;
    entries.push([key, isArray ? value[index] : value[key]]);
  }
  return (
    <ul className="structured-tree">
      {entries.map(([key, item]) => (
        <li key={key}>
          {Array.isArray(item) || isObject(item) ? (
            depth + 1 > MAX_DEPTH ? (
              <>
                <span className="structured-key">{key}</span>: <span className="muted">…</span>
              </>
            ) : (
              <Branch name={key} value={item} depth={depth + 1} />
            )
          ) : (
            <>
              <span className="structured-key">{key}</span>:{' '}
              <span className={`structured-value structured-${typeOf(item)}`}>
                {scalarText(item, TREE_TEXT_CHARACTERS)}
              </span>
            </>
          )}
        </li>
      ))}
      {count > TREE_ENTRIES ? (
        <li>
          <button type="button" className="quiet" onClick={() => setShowAll((current) => !current)}>
            {showAll ? 'Show less' : `Show all ${countOf(count, 'entry', 'entries')}`}
          </button>
        </li>
      ) : null}
    </ul>
  );
}

/**
 * A nested object or array. Open at the first level; deeper ones render their children only
 * once opened, so a large or deep value costs what the person looks at.
 */
function Branch({
  name,
  value,
  depth,
}: {
  name: string;
  value: unknown[] | JsonObject;
  depth: number;
}) {
  const [open, setOpen] = useState(depth <= 1);
  const size = Array.isArray(value)
    ? countOf(value.length, 'item')
    : countOf(Object.keys(value).length, 'field');
  return (
    <details open={open} onToggle={(event) => setOpen(event.currentTarget.open)}>
      <summary>
        <span className="structured-key">{name}</span> <span className="muted">{size}</span>
      </summary>
      {open ? <Readable value={value} depth={depth} /> : null}
    </details>
  );
}

function typeOf(value: unknown): string {
  return value === null ? 'null' : typeof value;
}

/** A scalar as a person reads it: text without quotes, the rest as JSON writes it. */
function scalarText(value: unknown, limit: number): string {
  if (typeof value === 'string') return value.length > limit ? `${value.slice(0, limit)}…` : value;
  if (value === undefined) return '';
  return String(value);
}

/** A table cell: scalars as text, nested values as compact JSON, both cut short. */
function cellText(value: unknown, depth: number): string {
  if (Array.isArray(value) || isObject(value)) {
    const text = compactJson(value, CELL_CHARACTERS, depth);
    return text.length > CELL_CHARACTERS ? `${text.slice(0, CELL_CHARACTERS - 1)}…` : text;
  }
  return scalarText(value, CELL_CHARACTERS);
}

/**
 * JSON without spaces, built only as far as `budget` characters (and `MAX_DEPTH` levels), so a
 * cell holding a 10,000-item array stringifies a few of them, not all.
 */
export function compactJson(value: unknown, budget: number, depth = 0): string {
  if (typeof value === 'string') return JSON.stringify(value.slice(0, budget + 1));
  if (!Array.isArray(value) && !isObject(value)) return JSON.stringify(value) ?? 'null';
  const isArray = Array.isArray(value);
  if (depth >= MAX_DEPTH) return isArray ? '[…]' : '{…}';
  const keys = isArray ? undefined : Object.keys(value);
  const count = isArray ? value.length : keys!.length;
  let text = '';
  for (let index = 0; index < count; index += 1) {
    if (text.length > budget) {
      text += ',…';
      break;
    }
    const key = keys?.[index];
    const item = isArray ? value[index] : value[key!];
    const piece = compactJson(item, budget - text.length, depth + 1);
    text += `${index > 0 ? ',' : ''}${key === undefined ? '' : `${JSON.stringify(key)}:`}${piece}`;
  }
  return isArray ? `[${text}]` : `{${text}}`;
}

function prettyJson(value: unknown): string {
  try {
    return JSON.stringify(value, null, 2) ?? String(value);
  } catch {
    // Nesting deeper than the engine's stack: say so rather than break the chat.
    return 'This value is nested too deeply to show as JSON.';
  }
}
